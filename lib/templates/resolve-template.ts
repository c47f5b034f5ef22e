// A stored template as the API returns it: the layouts its universal_layout sections reference are read
// from the brand (they can change under the template), then template-record.ts shapes it.
import { db } from "@/lib/db";
import type { Section } from "./schema/sections";
import type { Template } from "./schema/template";
import {
  parseStored,
  referencedLayoutIds,
  shapeTemplate,
  splicedTemplateJson,
  type StoredTemplate,
  type TemplateRow,
} from "./template-record";

export async function toTemplate(brandId: string, row: StoredTemplate): Promise<Template> {
  const layoutIds = referencedLayoutIds(row.sections);
  const layouts =
    layoutIds.length === 0
      ? []
      : await db.universalLayout.findMany({ where: { brandId, id: { in: layoutIds } }, select: { id: true, content: true } });
  return shapeTemplate(row, new Map(layouts.map((l) => [l.id, l.content as Section])));
}

/** The Template as JSON text: the stored text spliced in when it can be, else parsed and resolved. */
export async function templateJson(brandId: string, row: TemplateRow): Promise<string> {
  return splicedTemplateJson(row) ?? JSON.stringify(await toTemplate(brandId, parseStored(row)));
}
