// The registry of event identities: (name, origin, version) per brand, with counts and last-seen, so
// the dashboard can show which identities automations may bind to, and flag an event name that arrives
// under two identities (the spec's "do not mix modes": old automations silently stop reacting). The
// listing also names the brand's declared custom event schemas (lib/events/metadata).
import { z } from "zod";
import { db } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { loadDeclaredSchemas } from "./metadata/declared-schemas";
import { declaredTree } from "./metadata/property-tree";
import { PropertyNodeSchema } from "./metadata/schemas";

export type IdentityKey = { brandId: string; eventName: string; origin: string | null; eventVersion: string | null };

/** The identity of a stored event: origin is left out under `compatibility: no-origin`. */
export function identityOf(event: {
  brandId: string;
  eventName: string;
  origin: string;
  originInIdentity: boolean;
  eventVersion: string | null;
}): IdentityKey {
  return {
    brandId: event.brandId,
    eventName: event.eventName,
    origin: event.originInIdentity ? event.origin : null,
    eventVersion: event.eventVersion,
  };
}

/** Counts the identities of a batch in one statement. */
export async function recordIdentities(tx: SqlRunner, seen: { key: IdentityKey; at: Date }[]): Promise<void> {
  const merged = new Map<string, { key: IdentityKey; count: number; first: Date; last: Date }>();
  for (const { key, at } of seen) {
    const id = JSON.stringify([key.brandId, key.eventName, key.origin, key.eventVersion]);
    const entry = merged.get(id);
    if (!entry) merged.set(id, { key, count: 1, first: at, last: at });
    else {
      entry.count++;
      if (at < entry.first) entry.first = at;
      if (at > entry.last) entry.last = at;
    }
  }
  if (merged.size === 0) return;
  const rows = [...merged.values()];
  // "" stands for "not part of the identity", so the unique key also matches (NULLs never collide).
  const params = rows.flatMap(({ key, count, first, last }) => [
    newId(),
    key.brandId,
    key.eventName,
    key.origin ?? "",
    key.eventVersion ?? "",
    count,
    first,
    last,
  ]);
  await tx.run(
    `
    INSERT INTO "EventIdentity" ("id", "brandId", "eventName", "origin", "eventVersion", "count", "firstSeenAt", "lastSeenAt")
    VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?ts, ?ts)").join(", ")}
    ON CONFLICT ("brandId", "eventName", "origin", "eventVersion") DO UPDATE SET
      "count" = "EventIdentity"."count" + excluded."count",
      "lastSeenAt" = CASE WHEN excluded."lastSeenAt" > "EventIdentity"."lastSeenAt" THEN excluded."lastSeenAt" ELSE "EventIdentity"."lastSeenAt" END`,
    params,
  );
}

export const EventIdentitySchema = z
  .object({
    eventName: z.string(),
    origin: z.string().nullable().meta({ description: "null when the events were sent with `compatibility: no-origin`" }),
    eventVersion: z.string().nullable().meta({ description: "null for custom events" }),
    count: z.number().int().meta({ description: "Processed events with this identity" }),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
    conflict: z
      .boolean()
      .meta({ description: "The same eventName also arrives under another identity (do not mix modes: automations bind to one identity)" }),
    declared: z
      .boolean()
      .meta({ description: "A custom event whose schema the brand declared (POST /api/event-metadata) for this name and origin" }),
  })
  .meta({ id: "EventIdentity" });

export const DeclaredEventSchema = z
  .object({
    name: z.string(),
    origin: z.string(),
    displayName: z.string(),
    properties: z.record(z.string(), PropertyNodeSchema),
    seen: z.boolean().meta({ description: "Events with this name and origin have arrived" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "DeclaredEvent" });

export const EventIdentityList = z
  .object({
    identities: z.array(EventIdentitySchema),
    declared: z
      .array(DeclaredEventSchema)
      .meta({ description: "The brand's declared custom event schemas (events sent with their name and origin are checked against them)" }),
  })
  .meta({ id: "EventIdentityList" });

export async function listIdentities(brandId: string): Promise<z.infer<typeof EventIdentityList>> {
  const [rows, schemas] = await Promise.all([
    db.eventIdentity.findMany({ where: { brandId }, orderBy: [{ eventName: "asc" }, { lastSeenAt: "desc" }], take: 1000 }),
    loadDeclaredSchemas(brandId),
  ]);
  const perName = new Map<string, number>();
  for (const r of rows) perName.set(r.eventName, (perName.get(r.eventName) ?? 0) + 1);
  const declaredKey = (name: string, origin: string) => `${name}\u0000${origin}`;
  const declared = new Set(schemas.map((d) => declaredKey(d.name, d.origin)));
  const seen = new Set(rows.map((r) => declaredKey(r.eventName, r.origin)));
  return {
    declared: schemas.map((d) => ({
      name: d.name,
      origin: d.origin,
      displayName: d.displayName,
      properties: declaredTree(d.properties),
      seen: seen.has(declaredKey(d.name, d.origin)),
      createdAt: d.createdAt.toISOString(),
      updatedAt: d.updatedAt.toISOString(),
    })),
    identities: rows.map((r) => ({
      eventName: r.eventName,
      origin: r.origin === "" ? null : r.origin,
      eventVersion: r.eventVersion === "" ? null : r.eventVersion,
      count: r.count,
      firstSeenAt: r.firstSeenAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      conflict: (perName.get(r.eventName) ?? 0) > 1,
      declared: r.eventVersion === "" && declared.has(declaredKey(r.eventName, r.origin)),
    })),
  };
}
