import { describe, expect, it } from "vitest";
import * as schema from "@/lib/templates/schema/sections";
import { MAX_SLOT_PRODUCT_BLOCKS, PRODUCT_SECTION_TYPES, SLOT_SECTION_TYPES } from "./rules";
import { dropRefusal } from "./rules";
import { product, sampleDocument, text } from "./fixtures";

describe("rules", () => {
  it("match the template schema's section rules", () => {
    expect([...PRODUCT_SECTION_TYPES]).toEqual([...schema.PRODUCT_SECTION_TYPES]);
    expect([...SLOT_SECTION_TYPES]).toEqual([...schema.SLOT_SECTION_TYPES]);
    expect(MAX_SLOT_PRODUCT_BLOCKS).toBe(schema.MAX_SLOT_PRODUCT_BLOCKS);
  });

  it("lock universal layout and badge sections", () => {
    const doc = sampleDocument();
    doc.sections[0] = { ...doc.sections[0], type: "universal_layout", settings: { universalLayoutID: "a".repeat(24) } };
    expect(dropRefusal(doc, [0, 0, 0], text("x"), "block")).toMatch(/locked/);
    doc.sections[0] = { ...doc.sections[0], type: "badge" };
    expect(dropRefusal(doc, [0, 0, 0], text("x"), "block")).toMatch(/locked/);
    expect(dropRefusal(doc, [1, 0, 0], product("x"), "block")).toBeNull();
  });
});
