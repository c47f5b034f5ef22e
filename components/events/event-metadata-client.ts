// Browser calls for event metadata: the events the brand can use (recommended, declared, received) with
// their property trees, flattened to the property paths a segment filter names.
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EventsResponse, PropertyNode } from "@/lib/events/metadata/schemas";
import type { ValueType } from "@/lib/segments/vocabulary";

export type EventItem = z.infer<typeof EventsResponse>["events"][number];
export type PropertyPath = { path: string; type: PropertyNode["type"]; valueType: ValueType | null; label: string };

export const eventMetadataKeys = { segments: ["event-metadata", "segments"] as const };

export const queryEventMetadata = () =>
  apiFetch<z.infer<typeof EventsResponse>>("/api/event-metadata/query", {
    method: "POST",
    body: { category: "segments", includeProperties: true },
  }).then((r) => r.events);

const VALUE_TYPE: Record<string, ValueType> = { string: "text", integer: "number", float: "number", boolean: "bool", date: "date" };

/** Property paths of a tree: struct children joined by dots, list elements as [] ("lineItems.[].productID"). */
export function propertyPaths(tree: Record<string, PropertyNode> | undefined, prefix = "", labels: string[] = []): PropertyPath[] {
  const out: PropertyPath[] = [];
  for (const [key, node] of Object.entries(tree ?? {})) {
    const path = prefix + key;
    const label = [...labels, node.displayName ?? key].join(" › ");
    const base = node.type.endsWith("List") ? node.type.slice(0, -4) : node.type;
    if (node.type === "struct") out.push(...propertyPaths(node.properties, `${path}.`, [...labels, node.displayName ?? key]));
    else if (node.type === "structList") out.push(...propertyPaths(node.properties, `${path}.[].`, [...labels, node.displayName ?? key]));
    else if (node.type.endsWith("List"))
      out.push({ path: `${path}.[]`, type: node.type, valueType: VALUE_TYPE[base] ?? null, label: `${label} (any item)` });
    else out.push({ path, type: node.type, valueType: VALUE_TYPE[base] ?? null, label });
  }
  return out;
}
