// Shapes a stored template into what the API returns: universal layouts resolved, and the read-only
// badge section appended for free-plan brands.
import { db, type DbClient } from "@/lib/db";
import type { GeneralSettings } from "./schema/general-settings";
import type { Row, Section } from "./schema/sections";
import type { Template } from "./schema/template";

export const BADGE_SECTION_ID = "inkwell-badge";

/** The badge free-plan templates carry; stable ids so the editor and renderer can recognise it. */
export function badgeSection(): Template["sections"][number] {
  return {
    id: BADGE_SECTION_ID,
    type: "badge",
    rows: [{
      id: `${BADGE_SECTION_ID}-row`,
      columns: [{
        id: `${BADGE_SECTION_ID}-column`,
        blocks: [{ id: `${BADGE_SECTION_ID}-text`, type: "text", text: '<p style="text-align:center">Sent with <a href="https://inkwell.example/">Inkwell</a></p>' }],
      }],
    }],
  };
}

export const templateSelect = {
  id: true, name: true, createdAt: true, updatedAt: true, generalSettings: true, sections: true, brand: { select: { plan: true } },
} as const;

export type StoredTemplate = { id: string; name: string; createdAt: Date; updatedAt: Date; generalSettings: unknown; sections: unknown; brand: { plan: string } };

export async function toTemplate(brandId: string, row: StoredTemplate, client: DbClient = db): Promise<Template> {
  const stored = row.sections as Section[];
  const layoutIds = [...new Set(stored.filter((s) => s.type === "universal_layout").map((s) => s.settings?.universalLayoutID).filter((id): id is string => !!id))];
  const layouts = layoutIds.length === 0 ? [] : await client.universalLayout.findMany({ where: { brandId, id: { in: layoutIds } }, select: { id: true, content: true } });
  const contentOf = new Map(layouts.map((l) => [l.id, l.content as Section]));
  const sections: Template["sections"] = stored.map((section) => {
    if (section.type !== "universal_layout") return section;
    const content = contentOf.get(section.settings?.universalLayoutID ?? "");
    return {
      ...section,
      styleProperties: section.styleProperties ?? content?.styleProperties,
      rows: (content?.rows ?? []) as Row[],
    };
  });
  if (row.brand.plan === "free") sections.push(badgeSection());
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    generalSettings: (row.generalSettings ?? {}) as GeneralSettings,
    sections,
  };
}

/** The document as stored: universal_layout sections without rows. */
export function storedSections(sections: Section[]): Section[] {
  return sections.map((s) => {
    if (s.type !== "universal_layout") return s;
    const { rows: _notStored, ...reference } = s;
    return reference as Section;
  });
}
