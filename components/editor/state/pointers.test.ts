import { describe, expect, it } from "vitest";
import { sampleDocument } from "./fixtures";
import { errorsByNode, resolvePointer } from "./pointers";

const err = (pointer: string) => ({ field: "", pointer, code: "invalid", message: `bad ${pointer}` });

describe("resolvePointer", () => {
  it("lands a block field error on the block", () => {
    expect(resolvePointer(sampleDocument(), err("/sections/0/rows/0/columns/1/blocks/0/text"))).toMatchObject({
      nodeId: "b3",
      field: "text",
    });
  });

  it("lands section, row and column errors on their node", () => {
    const doc = sampleDocument();
    expect(resolvePointer(doc, err("/sections/2/productRecommender/type"))).toMatchObject({
      nodeId: "s3",
      field: "productRecommender/type",
    });
    expect(resolvePointer(doc, err("/sections/0/rows/0"))).toMatchObject({ nodeId: "r1", field: "" });
    expect(resolvePointer(doc, err("/sections/0/rows/0/columns/1/width"))).toMatchObject({ nodeId: "c2", field: "width" });
  });

  it("keeps nested fields of a block, e.g. a menu item's link", () => {
    expect(resolvePointer(sampleDocument(), err("/sections/0/rows/0/columns/0/blocks/1/components/0/link"))).toMatchObject({
      nodeId: "b2",
      field: "components/0/link",
    });
  });

  it("stops at the deepest node that exists and treats template-level pointers as such", () => {
    const doc = sampleDocument();
    expect(resolvePointer(doc, err("/sections/0/rows/0/columns/9/blocks/0"))).toMatchObject({ nodeId: "r1", field: "columns/9/blocks/0" });
    expect(resolvePointer(doc, err("/generalSettings/content/width"))).toMatchObject({
      nodeId: null,
      field: "generalSettings/content/width",
    });
    expect(resolvePointer(doc, err("/name"))).toMatchObject({ nodeId: null, field: "name" });
  });

  it("groups errors by node", () => {
    const map = errorsByNode(sampleDocument(), [
      err("/sections/0/rows/0/columns/0/blocks/0/text"),
      err("/sections/0/rows/0/columns/0/blocks/0/id"),
      err("/name"),
    ]);
    expect(map.get("b1")).toHaveLength(2);
    expect(map.get("")).toHaveLength(1);
  });
});
