// The brand's declared custom event schemas, read on the events hot path: POST /api/events checks a
// custom event's properties against the schema declared for its name and origin, as recommended events
// are checked against the catalog. Kept in memory per brand for a second (declaring a schema clears this
// process's copy at once; other processes see it within the second).
import { ApiProblem } from "@/lib/http/problems";
import { sqlReader } from "@/lib/db/sql";
import { dateValue, jsonValue } from "@/lib/db/values";
import { recommendedVersions } from "../catalog";
import { checkProperties } from "./property-tree";
import type { WritePropertyNode } from "./schemas";

export type DeclaredSchema = {
  id: string;
  name: string;
  origin: string;
  displayName: string;
  properties: Record<string, WritePropertyNode>;
  createdAt: Date;
  updatedAt: Date;
};

const TTL_MS = 1000;
const cache = new Map<string, { at: number; schemas: Promise<DeclaredSchema[]> }>();

type Row = { id: string; name: string; origin: string; displayName: string; properties: unknown; createdAt: unknown; updatedAt: unknown };

export function toDeclared(row: Row): DeclaredSchema {
  return {
    id: row.id,
    name: row.name,
    origin: row.origin,
    displayName: row.displayName,
    properties: jsonValue(row.properties) as Record<string, WritePropertyNode>,
    createdAt: dateValue(row.createdAt),
    updatedAt: dateValue(row.updatedAt),
  };
}

export async function loadDeclaredSchemas(brandId: string): Promise<DeclaredSchema[]> {
  const rows = await sqlReader().all<Row>(
    `SELECT "id", "name", "origin", "displayName", "properties", "createdAt", "updatedAt" FROM "EventMetadata" WHERE "brandId" = ? ORDER BY "name", "origin"`,
    [brandId],
  );
  return rows.map(toDeclared);
}

/** The brand's declared schemas, at most a second old. */
export function declaredSchemas(brandId: string): Promise<DeclaredSchema[]> {
  const now = Date.now();
  const hit = cache.get(brandId);
  if (hit && now - hit.at < TTL_MS) return hit.schemas;
  if (cache.size > 10_000) cache.clear();
  const schemas = loadDeclaredSchemas(brandId);
  cache.set(brandId, { at: now, schemas });
  schemas.catch(() => cache.delete(brandId));
  return schemas;
}

export function forgetDeclaredSchemas(brandId: string): void {
  cache.delete(brandId);
}

/**
 * 400 with a field error per property that breaks the schema declared for the event's name and origin.
 * Recommended events are checked by the catalog instead; events without a declared schema pass.
 */
export async function checkDeclaredEvent(
  brandId: string,
  event: { eventName: string; origin: string; properties?: Record<string, unknown> },
): Promise<void> {
  if (recommendedVersions(event.eventName)) return;
  const schemas = await declaredSchemas(brandId);
  if (schemas.length === 0) return;
  const declared = schemas.find((s) => s.name === event.eventName && s.origin === event.origin);
  if (!declared) return;
  const errors = checkProperties(declared.properties, event.properties ?? {});
  if (errors.length > 0) {
    throw new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
  }
}
