import { describe, expect, it } from "vitest";
import { product, sampleDocument, text } from "../state/fixtures";
import { quickInsertPlace } from "./quick-insert";

describe("quickInsertPlace", () => {
  it("puts a block after the selected block", () => {
    expect(quickInsertPlace(sampleDocument(), "b1", "block", text("x"))).toEqual({ parentId: "c1", index: 1 });
  });

  it("puts a block at the end of the selected column", () => {
    expect(quickInsertPlace(sampleDocument(), "c2", "block", text("x"))).toEqual({ parentId: "c2", index: 1 });
  });

  it("finds the last column that accepts the block when the selection cannot hold it", () => {
    expect(quickInsertPlace(sampleDocument(), "b1", "block", product("x"))).toEqual({ parentId: "c3", index: 1 });
    expect(quickInsertPlace(sampleDocument(), null, "block", text("x"))).toEqual({ parentId: "c2", index: 1 });
  });

  it("returns null when no column accepts the block", () => {
    expect(quickInsertPlace({ name: "x", sections: [] }, null, "block", text("x"))).toBeNull();
  });

  it("puts a section after the selected node's section, or at the end", () => {
    expect(quickInsertPlace(sampleDocument(), "b3", "section", { id: "s", rows: [] })).toEqual({ parentId: null, index: 1 });
    expect(quickInsertPlace(sampleDocument(), null, "section", { id: "s", rows: [] })).toEqual({ parentId: null, index: 3 });
  });
});
