// Unit tests of the cross-node rules on raw payloads (the API tests cover them over HTTP too).
import { describe, expect, it } from "vitest";
import { fullTemplate, nid, plainSection, productSection } from "./fixtures";
import { TemplateInput } from "./schema/template";
import { checkLayoutRules, checkTemplateRules } from "./validate-template";

const codes = (raw: unknown) => checkTemplateRules(raw).errors.map((e) => `${e.pointer} ${e.code}`);

describe("checkTemplateRules", () => {
  it("finds nothing wrong with the full fixture, which the schema also accepts", () => {
    const doc = fullTemplate();
    expect(codes(doc)).toEqual([]);
    expect(TemplateInput.safeParse(doc).success).toBe(true);
  });

  it("survives any junk without throwing", () => {
    for (const junk of [
      null,
      1,
      "x",
      [],
      { sections: "x" },
      { sections: [null, 1, { rows: [null, { columns: [null, { blocks: [null, 3] }] }] }] },
      { generalSettings: { buttonPresets: [null, 3] } },
    ]) {
      expect(() => checkTemplateRules(junk)).not.toThrow();
    }
  });

  it("reports duplicates after the first use, with where the first was", () => {
    const report = checkTemplateRules({ sections: [{ id: "a", rows: [{ id: "a", columns: [] }] }, { id: "a" }] });
    expect(report.errors.map((e) => e.pointer)).toEqual(["/sections/0/rows/0/id", "/sections/1/id"]);
    expect(report.errors[0].message).toContain("/sections/0");
  });

  it("marks read-only nodes so shape errors inside them can be dropped", () => {
    const report = checkTemplateRules({ sections: [plainSection([{ id: nid(), type: "html" }]), { id: "b", type: "badge" }] });
    expect(report.readOnly).toEqual(["/sections/0/rows/0/columns/0/blocks/0", "/sections/1"]);
  });

  it("counts slot products across rows and flags only the 13th", () => {
    const section = productSection("product_back_in_stock", 14);
    expect(codes({ sections: [section] })).toEqual(["/sections/0/rows/0/columns/0/blocks/12 too_many_product_blocks"]);
  });

  it("collects layout references without checking ids of their ignored rows", () => {
    const id = "0123456789abcdef01234567";
    const report = checkTemplateRules({
      sections: [{ id: "s", type: "universal_layout", settings: { universalLayoutID: id }, rows: [{ id: "s" }] }],
    });
    expect(report.errors).toEqual([]);
    expect(report.layoutRefs).toEqual([{ layoutId: id, path: ["sections", 0, "settings", "universalLayoutID"] }]);
  });

  it("does not check preset references inside layouts", () => {
    expect(checkLayoutRules(plainSection([{ id: nid(), type: "text", text: "x", stylePresetID: "custom" }]), ["content"]).errors).toEqual(
      [],
    );
  });
});
