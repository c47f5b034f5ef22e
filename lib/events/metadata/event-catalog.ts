// GET /api/event-catalog: the recommended events (the catalog, the same for every brand) and, beside them,
// the brand's declared custom event schemas (POST /api/event-metadata), which events are checked against
// in the same way. A declared entry names its origin (a schema is declared per name and origin) and has
// no version (custom events carry none).
import { catalogAsJson, type CatalogEvent } from "../catalog";
import { loadDeclaredSchemas } from "./declared-schemas";
import { jsonSchemaOfTree } from "./property-tree";

export async function eventCatalog(brandId: string): Promise<CatalogEvent[]> {
  const declared = await loadDeclaredSchemas(brandId);
  return [
    ...catalogAsJson(),
    ...declared.map((schema) => ({
      eventName: schema.name,
      eventVersion: "",
      description: schema.displayName,
      displayName: schema.displayName,
      origin: schema.origin,
      properties: jsonSchemaOfTree(schema.properties) as Record<string, unknown>,
    })),
  ];
}
