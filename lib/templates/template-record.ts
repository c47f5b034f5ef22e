// Shapes a stored template into what the API returns: universal layouts resolved, and the read-only
// badge section appended for free-plan brands. Pure: resolve-template.ts reads the layouts.
import type { GeneralSettings } from "./schema/general-settings";
import type { Row, Section } from "./schema/sections";
import type { Template } from "./schema/template";

/** Stable 24-hex ids, so the editor and renderer recognise the badge ("badge" spelled in hex digits). */
export const BADGE_SECTION_ID = "ba09e0000000000000000001";
const BADGE_ROW_ID = "ba09e0000000000000000002";
const BADGE_COLUMN_ID = "ba09e0000000000000000003";
const BADGE_BLOCK_ID = "ba09e0000000000000000004";

/** The badge free-plan templates carry. */
export function badgeSection(): Template["sections"][number] {
  return {
    id: BADGE_SECTION_ID,
    type: "badge",
    rows: [
      {
        id: BADGE_ROW_ID,
        columns: [
          {
            id: BADGE_COLUMN_ID,
            blocks: [
              {
                id: BADGE_BLOCK_ID,
                type: "text",
                text: '<p style="text-align:center">Sent with <a href="https://inkwell.example/">Inkwell</a></p>',
              },
            ],
          },
        ],
      },
    ],
  };
}

/** A template as stored, dates as ISO strings and the document columns as JSON text. */
export type TemplateRow = {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  generalSettings: string;
  sections: string;
  plan: string;
  /** true when the JSON text is exactly JSON.stringify's (the engine keeps the text written: lib/db/dialect.ts keepsJsonText) */
  canonical: boolean;
};

/** A stored row with its JSON columns parsed. */
export type StoredTemplate = Omit<TemplateRow, "generalSettings" | "sections" | "canonical"> & {
  generalSettings: unknown;
  sections: Section[];
};

export function parseStored(row: TemplateRow): StoredTemplate {
  return { ...row, generalSettings: JSON.parse(row.generalSettings), sections: JSON.parse(row.sections) };
}

/** The universal layouts a stored document references. */
export function referencedLayoutIds(sections: Section[]): string[] {
  return [
    ...new Set(
      sections
        .filter((s) => s.type === "universal_layout")
        .map((s) => s.settings?.universalLayoutID)
        .filter((id): id is string => !!id),
    ),
  ];
}

/** The API's Template, given the content of the layouts the document references. */
export function shapeTemplate(row: StoredTemplate, layoutContent: Map<string, Section>): Template {
  const sections: Template["sections"] = row.sections.map((section) => {
    if (section.type !== "universal_layout") return section;
    const content = layoutContent.get(section.settings?.universalLayoutID ?? "");
    return {
      ...section,
      styleProperties: section.styleProperties ?? content?.styleProperties,
      rows: (content?.rows ?? []) as Row[],
    };
  });
  if (row.plan === "free") sections.push(badgeSection());
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    generalSettings: (row.generalSettings ?? {}) as GeneralSettings,
    sections,
  };
}

const BADGE_JSON = JSON.stringify(badgeSection());

/**
 * The Template as JSON text without parsing the document, exactly JSON.stringify(shapeTemplate(...)),
 * or null when the row needs the parsed path: a universal layout to resolve, or text that is not
 * JSON.stringify's own. Parsing and re-serializing a large document cost more than the rest of a read.
 */
export function splicedTemplateJson(row: TemplateRow): string | null {
  // A universal_layout section's type is always this quoted string in the text (inside a JSON string
  // the quotes would be escaped); a false match only takes the parsed path.
  if (!row.canonical || row.sections.includes('"universal_layout"')) return null;
  let sections = row.sections;
  if (row.plan === "free") sections = sections === "[]" ? `[${BADGE_JSON}]` : `${sections.slice(0, -1)},${BADGE_JSON}]`;
  const generalSettings = row.generalSettings === "null" ? "{}" : row.generalSettings;
  return `{"id":${JSON.stringify(row.id)},"name":${JSON.stringify(row.name)},"createdAt":${JSON.stringify(row.createdAt)},"updatedAt":${JSON.stringify(row.updatedAt)},"generalSettings":${generalSettings},"sections":${sections}}`;
}

/** The document as stored: universal_layout sections without rows. */
export function storedSections(sections: Section[]): Section[] {
  return sections.map((s) => {
    if (s.type !== "universal_layout") return s;
    const { rows: _notStored, ...reference } = s;
    return reference as Section;
  });
}
