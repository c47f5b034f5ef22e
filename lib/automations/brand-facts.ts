// What checking a workflow needs to know of its brand, read once per request: the identities (origins)
// its events arrived under, the property types of those events (event metadata: the recommended catalog,
// declared schemas, or inferred from events received), and which segments, templates and automations exist.
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { queryEventMetadata } from "@/lib/events/metadata/query-metadata";
import type { PropertyNode } from "@/lib/events/metadata/schemas";

export type BrandFacts = {
  /** event name → the origins it arrived with ("" for events sent with compatibility: no-origin) */
  origins: Map<string, string[]>;
  /** event name → property path → property type (string, integer, float, boolean, date, ...List) */
  propertyTypes: Map<string, Map<string, string>>;
  segments: Set<string>;
  templates: Set<string>;
  automations: Set<string>;
  /** the brand's subscription topics among those named */
  topics: Set<string>;
};

export type FactRefs = { events: string[]; segments: string[]; templates: string[]; automations: string[]; topics?: string[] };

function flattenTree(tree: Record<string, PropertyNode> | undefined, prefix: string, out: Map<string, string>): void {
  for (const [key, node] of Object.entries(tree ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!out.has(path)) out.set(path, node.type);
    if (node.properties) flattenTree(node.properties, path, out);
  }
}

const isId = (v: string) => /^[0-9a-f]{24}$/.test(v);

export async function loadBrandFacts(brandId: string, refs: FactRefs): Promise<BrandFacts> {
  const events = [...new Set(refs.events)].slice(0, 100);
  const segments = [...new Set(refs.segments)].filter(isId);
  const templates = [...new Set(refs.templates)].filter(isId);
  const automations = [...new Set(refs.automations)].filter(isId);
  const topics = [...new Set(refs.topics ?? [])].filter(isId);
  const [identityRows, metadata, segmentRows, templateRows, automationRows, topicRows] = await Promise.all([
    events.length
      ? sqlReader().all<{ eventName: string; origin: string }>(
          `SELECT DISTINCT "eventName", "origin" FROM "EventIdentity" WHERE "brandId" = ? AND "eventName" IN (${events.map(() => "?").join(", ")})`,
          [brandId, ...events],
        )
      : [],
    events.length ? queryEventMetadata(brandId, { category: "automations", events, includeProperties: true }) : { events: [] },
    segments.length ? db.segment.findMany({ where: { brandId, id: { in: segments } }, select: { id: true } }) : [],
    templates.length ? db.emailTemplate.findMany({ where: { brandId, id: { in: templates } }, select: { id: true } }) : [],
    automations.length ? db.automation.findMany({ where: { brandId, id: { in: automations } }, select: { id: true } }) : [],
    topics.length ? db.subscriptionTopic.findMany({ where: { brandId, id: { in: topics } }, select: { id: true } }) : [],
  ]);
  const origins = new Map<string, string[]>();
  for (const row of identityRows) origins.set(row.eventName, [...(origins.get(row.eventName) ?? []), row.origin]);
  const propertyTypes = new Map<string, Map<string, string>>();
  for (const item of metadata.events) {
    const types = propertyTypes.get(item.name) ?? new Map<string, string>();
    flattenTree(item.properties, "", types);
    propertyTypes.set(item.name, types);
  }
  return {
    origins,
    propertyTypes,
    segments: new Set(segmentRows.map((r) => r.id)),
    topics: new Set(topicRows.map((r) => r.id)),
    templates: new Set(templateRows.map((r) => r.id)),
    automations: new Set(automationRows.map((r) => r.id)),
  };
}
