// POST /api/event-metadata/query: the events a brand can use, one item per property structure:
// recommended events (the catalog, with the origins the brand sent them from), declared custom events
// (one item per name and origin, explicitlyDefined), and custom events the brand sent without declaring
// them (their origins, properties inferred from the latest events received). Not version-scoped: every
// category sees the same events.
import { sqlReader } from "@/lib/db/sql";
import { jsonValue } from "@/lib/db/values";
import { EVENT_CATALOG, catalogAsJson } from "../catalog";
import { declaredSchemas } from "./declared-schemas";
import { inferTree, treeFromJsonSchema } from "./property-tree";
import type { EventItem, PropertyNode, QueryEventsRequest } from "./schemas";
import { declaredItem } from "./write-metadata";

const SAMPLE_EVENTS = 20;

export function displayNameOf(name: string): string {
  return name.replace(/(^|[\s_-])(\w)/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Origins (non-empty) per event name and whether the name was sent as a custom event, from the identity registry. */
async function seenIdentities(brandId: string): Promise<Map<string, { origins: Set<string>; custom: boolean }>> {
  const rows = await sqlReader().all<{ eventName: string; origin: string; eventVersion: string }>(
    `SELECT "eventName", "origin", "eventVersion" FROM "EventIdentity" WHERE "brandId" = ? ORDER BY "eventName"`,
    [brandId],
  );
  const seen = new Map<string, { origins: Set<string>; custom: boolean }>();
  for (const r of rows) {
    const entry = seen.get(r.eventName) ?? { origins: new Set<string>(), custom: false };
    if (r.origin !== "") entry.origins.add(r.origin);
    if (r.eventVersion === "") entry.custom = true;
    seen.set(r.eventName, entry);
  }
  return seen;
}

async function inferredProperties(brandId: string, name: string, origins: string[]): Promise<Record<string, PropertyNode>> {
  const params: unknown[] = [brandId, name];
  let where = `"brandId" = ? AND "eventName" = ?`;
  if (origins.length) {
    where += ` AND "origin" IN (${origins.map(() => "?").join(", ")})`;
    params.push(...origins);
  }
  const rows = await sqlReader().all<{ properties: unknown }>(
    `SELECT "properties" FROM "ContactEvent" WHERE ${where} ORDER BY "eventTime" DESC LIMIT ${SAMPLE_EVENTS}`,
    params,
  );
  return inferTree(rows.map((r) => jsonValue(r.properties) as Record<string, unknown>));
}

export async function queryEventMetadata(brandId: string, query: QueryEventsRequest): Promise<{ events: EventItem[] }> {
  const [seen, declared] = await Promise.all([
    seenIdentities(brandId),
    query.excludeCustomEvents ? Promise.resolve([]) : declaredSchemas(brandId),
  ]);
  const names = query.events ? new Set(query.events) : null;
  const wanted = (name: string) => !names || names.has(name);
  const items: { item: EventItem; infer?: string[] }[] = [];

  const catalog = catalogAsJson();
  for (const name of [...new Set(EVENT_CATALOG.map((e) => e.eventName))]) {
    if (!wanted(name)) continue;
    const latest = catalog.filter((e) => e.eventName === name).at(-1)!;
    items.push({
      item: {
        name,
        displayName: displayNameOf(name),
        origins: [...(seen.get(name)?.origins ?? [])].sort(),
        explicitlyDefined: false,
        properties: treeFromJsonSchema(latest.properties),
      },
    });
  }
  if (!query.excludeCustomEvents) {
    for (const schema of declared) if (wanted(schema.name)) items.push({ item: declaredItem(schema) });
    for (const [name, entry] of seen) {
      if (!entry.custom || !wanted(name) || EVENT_CATALOG.some((e) => e.eventName === name)) continue;
      const declaredOrigins = new Set(declared.filter((d) => d.name === name).map((d) => d.origin));
      const origins = [...entry.origins].filter((o) => !declaredOrigins.has(o)).sort();
      if (origins.length === 0 && declaredOrigins.size > 0) continue;
      items.push({ item: { name, displayName: displayNameOf(name), origins, explicitlyDefined: false }, infer: origins });
    }
  }

  const requested = query.origins ? new Set(query.origins) : null;
  const result: EventItem[] = [];
  for (const { item, infer } of items) {
    let origins = item.origins;
    if (requested) {
      origins = origins.filter((o) => requested.has(o));
      if (origins.length === 0) continue;
    }
    const out: EventItem = { name: item.name, displayName: item.displayName, origins, explicitlyDefined: item.explicitlyDefined };
    if (query.includeProperties) out.properties = infer ? await inferredProperties(brandId, item.name, origins) : (item.properties ?? {});
    result.push(out);
  }
  return { events: result };
}
