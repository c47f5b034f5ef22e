import { describe, expect, it } from "vitest";
import { fullTemplate, largeTemplate } from "./fixtures";
import { BADGE_SECTION_ID, parseStored, shapeTemplate, splicedTemplateJson, storedSections, type TemplateRow } from "./template-record";
import type { Section } from "./schema/sections";

function row(doc: { name: string; generalSettings?: unknown; sections?: unknown[] }, extra: Partial<TemplateRow> = {}): TemplateRow {
  return {
    id: "6b02c616b6d643dd1a9b08c4",
    name: doc.name,
    createdAt: "2026-11-22T10:38:14.221Z",
    updatedAt: "2026-11-22T10:39:00.000Z",
    generalSettings: JSON.stringify(doc.generalSettings ?? {}),
    sections: JSON.stringify(storedSections((doc.sections ?? []) as Section[])),
    plan: "standard",
    canonical: true,
    ...extra,
  };
}

const parsedPath = (r: TemplateRow) => JSON.stringify(shapeTemplate(parseStored(r), new Map()));

describe("splicedTemplateJson", () => {
  const rows: [string, TemplateRow][] = [
    ["empty document", row({ name: "Empty" })],
    ["empty document, free plan", row({ name: "Empty" }, { plan: "free" })],
    ["every section and block type", row(fullTemplate('Quotes " and \\ and ünïcode 😀'))],
    ["every section and block type, free plan", row(fullTemplate(), { plan: "free" })],
    ["large template, free plan", row(largeTemplate("Large"), { plan: "free" })],
    ["generalSettings stored as JSON null", row({ name: "Null settings" }, { generalSettings: "null" })],
  ];
  it.each(rows)("is byte for byte what the parsed path serializes: %s", (_, r) => {
    expect(splicedTemplateJson(r)).toBe(parsedPath(r));
  });

  it("the free plan's badge comes last", () => {
    const template = JSON.parse(splicedTemplateJson(row(fullTemplate(), { plan: "free" }))!);
    expect(template.sections.at(-1)).toMatchObject({ id: BADGE_SECTION_ID, type: "badge" });
  });

  it("leaves documents with universal layouts, and text it did not write, to the parsed path", () => {
    const withLayout = row({
      name: "L",
      sections: [{ id: "s1", type: "universal_layout", settings: { universalLayoutID: "6b02c616b6d643dd1a9b08c5" } }],
    });
    expect(splicedTemplateJson(withLayout)).toBeNull();
    expect(splicedTemplateJson({ ...row({ name: "Pg" }), sections: "[]", canonical: false })).toBeNull();
  });

  it("a text block that merely mentions universal_layout still splices", () => {
    const r = row({
      name: "Mention",
      sections: [
        {
          id: "s1",
          rows: [{ id: "r1", columns: [{ id: "c1", blocks: [{ id: "b1", type: "text", text: '<p>"type":"universal_layout"</p>' }] }] }],
        },
      ],
    });
    expect(splicedTemplateJson(r)).toBe(parsedPath(r));
  });
});
