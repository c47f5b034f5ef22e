// Declaring (POST) and merging (PUT) a brand-custom event schema. Identity is name + origin. A name of
// the recommended catalog (the global lexicon) cannot be declared; PUT only adds and changes: no property
// is removed, and an explicitly declared property keeps its type.
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { isUniqueViolation } from "@/lib/db/errors";
import { writeTransaction } from "@/lib/db/sql";
import { recommendedVersions } from "../catalog";
import { forgetDeclaredSchemas, toDeclared, type DeclaredSchema } from "./declared-schemas";
import { declaredTree } from "./property-tree";
import type { EventItem, WriteEventRequest, WritePropertyNode } from "./schemas";

export function declaredItem(schema: DeclaredSchema): EventItem {
  return {
    name: schema.name,
    displayName: schema.displayName,
    origins: [schema.origin],
    explicitlyDefined: true,
    properties: declaredTree(schema.properties),
  };
}

function invalid(errors: FieldError[]): ApiProblem {
  return new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
}

function lexiconConflict(name: string): ApiProblem {
  return new ApiProblem(
    "conflict",
    `"${name}" is a recommended event of the catalog (GET /api/event-catalog); its schema is fixed and cannot be declared`,
  );
}

const SELECT = `SELECT "id", "name", "origin", "displayName", "properties", "createdAt", "updatedAt" FROM "EventMetadata" WHERE "brandId" = ? AND "name" = ? AND "origin" = ?`;

export async function createEventMetadata(brandId: string, input: WriteEventRequest): Promise<EventItem> {
  const errors: FieldError[] = [];
  if (input.displayName === undefined || input.displayName.trim() === "") {
    errors.push({ field: "displayName", pointer: "/displayName", code: "required", message: "is required when declaring an event" });
  }
  if (!input.properties || Object.keys(input.properties).length === 0) {
    errors.push({
      field: "properties",
      pointer: "/properties",
      code: "required",
      message: "needs at least one property when declaring an event",
    });
  }
  if (errors.length) throw invalid(errors);
  if (recommendedVersions(input.name)) throw lexiconConflict(input.name);
  const now = new Date();
  const row = {
    id: newId(now),
    name: input.name,
    origin: input.origin,
    displayName: input.displayName!,
    properties: input.properties!,
    createdAt: now,
    updatedAt: now,
  };
  await writeTransaction(async (tx) => {
    const [existing] = await tx.all(SELECT, [brandId, input.name, input.origin]);
    if (existing)
      throw new ApiProblem(
        "conflict",
        `The event "${input.name}" from origin "${input.origin}" is declared already; change it with PUT /api/event-metadata`,
      );
    await tx.run(
      `INSERT INTO "EventMetadata" ("id", "brandId", "name", "origin", "displayName", "properties", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?json, ?ts, ?ts)`,
      [row.id, brandId, row.name, row.origin, row.displayName, JSON.stringify(row.properties), now, now],
    );
  }).catch((error) => {
    // Two concurrent declarations of one identity: the unique key lets one in.
    if (isUniqueViolation(error)) {
      throw new ApiProblem("conflict", `The event "${input.name}" from origin "${input.origin}" is declared already`);
    }
    throw error;
  });
  forgetDeclaredSchemas(brandId);
  return declaredItem(row);
}

/** Merges `changes` into `stored`: new keys added, given metadata replaced, types of stored properties kept. */
function merge(
  stored: Record<string, WritePropertyNode>,
  changes: Record<string, WritePropertyNode>,
  path: string[],
  conflicts: string[],
): Record<string, WritePropertyNode> {
  const out: Record<string, WritePropertyNode> = { ...stored };
  for (const [key, change] of Object.entries(changes)) {
    const current = stored[key];
    if (!current) {
      out[key] = change;
      continue;
    }
    if (current.type !== change.type) {
      conflicts.push(`${[...path, key].join(".")} is declared as ${current.type} and cannot become ${change.type}`);
      continue;
    }
    const { properties, ...metadata } = change;
    out[key] = {
      ...current,
      ...metadata,
      ...(properties ? { properties: merge(current.properties ?? {}, properties, [...path, key], conflicts) } : {}),
    };
  }
  return out;
}

export async function mergeEventMetadata(brandId: string, input: WriteEventRequest): Promise<EventItem> {
  if (recommendedVersions(input.name)) throw lexiconConflict(input.name);
  const merged = await writeTransaction(async (tx) => {
    const [row] = await tx.all<Parameters<typeof toDeclared>[0]>(SELECT + tx.dialect.lockRows, [brandId, input.name, input.origin]);
    if (!row)
      throw new ApiProblem(
        "not-found",
        `No event "${input.name}" from origin "${input.origin}" is declared; declare it with POST /api/event-metadata`,
      );
    const stored = toDeclared(row);
    const conflicts: string[] = [];
    const properties = input.properties ? merge(stored.properties, input.properties, [], conflicts) : stored.properties;
    if (conflicts.length) throw new ApiProblem("conflict", `A declared property keeps its type: ${conflicts.join("; ")}`);
    const next: DeclaredSchema = { ...stored, displayName: input.displayName ?? stored.displayName, properties, updatedAt: new Date() };
    await tx.run(`UPDATE "EventMetadata" SET "displayName" = ?, "properties" = ?json, "updatedAt" = ?ts WHERE "id" = ?`, [
      next.displayName,
      JSON.stringify(next.properties),
      next.updatedAt,
      stored.id,
    ]);
    return next;
  });
  forgetDeclaredSchemas(brandId);
  return declaredItem(merged);
}
