import { describe, expect, it } from "vitest";
import { sampleDocument } from "../state/fixtures";
import { editorReducer, initialState } from "../state/reducer";
import { resolveDrop } from "./resolve-drop";
import type { DropData } from "./drag-data";

const item = (nodeId: string, parentId: string | null): DropData => ({ role: "item", kind: "block", nodeId, parentId });

describe("resolveDrop", () => {
  it("turns before/after a sibling into the final index of a move within the column", () => {
    const doc = sampleDocument();
    expect(resolveDrop(doc, item("b2", "c1"), "after", "b1")).toEqual({ parentId: "c1", index: 1 });
    expect(resolveDrop(doc, item("b1", "c1"), "before", "b2")).toEqual({ parentId: "c1", index: 0 });
    const moved = editorReducer(initialState(doc), { type: "move", id: "b1", ...resolveDrop(doc, item("b2", "c1"), "after", "b1")! });
    expect(moved.doc.sections[0].rows[0].columns[0].blocks.map((b) => b.id)).toEqual(["b2", "b1"]);
  });

  it("places a new node before or after a sibling in another container", () => {
    const doc = sampleDocument();
    expect(resolveDrop(doc, item("b3", "c2"), "before", null)).toEqual({ parentId: "c2", index: 0 });
    expect(resolveDrop(doc, item("b3", "c2"), "after", "b1")).toEqual({ parentId: "c2", index: 1 });
  });

  it("appends to a container", () => {
    const doc = sampleDocument();
    expect(resolveDrop(doc, { role: "into", accepts: "block", nodeId: "c1" }, "inside", null)).toEqual({ parentId: "c1", index: 2 });
    expect(resolveDrop(doc, { role: "into", accepts: "block", nodeId: "c1" }, "inside", "b1")).toEqual({ parentId: "c1", index: 1 });
    expect(resolveDrop(doc, { role: "into", accepts: "section", nodeId: null }, "inside", null)).toEqual({ parentId: null, index: 3 });
  });
});
