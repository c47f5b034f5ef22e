import { describe, expect, it } from "vitest";
import { column, counterIds, product, row, sampleDocument, section, text } from "./fixtures";
import { editorReducer, HISTORY_LIMIT, initialState, type EditorAction, type EditorState } from "./reducer";
import { findPath, nodeAt } from "./tree";
import type { Column, Section } from "./document";

const start = () => initialState(sampleDocument());
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const blockIds = (state: EditorState, columnId: string) =>
  (nodeAt(state.doc, findPath(state.doc, columnId)!) as Column).blocks.map((b) => b.id);

describe("insert", () => {
  it("puts a block at the index in the column, selects it and records one undo step", () => {
    const next = run(start(), { type: "insert", kind: "block", node: text("new"), parentId: "c1", index: 1 });
    expect(blockIds(next, "c1")).toEqual(["b1", "new", "b2"]);
    expect(next.selectedId).toBe("new");
    expect(next.past).toHaveLength(1);
    expect(next.refusal).toBeNull();
  });

  it("appends a section at the root", () => {
    const next = run(start(), {
      type: "insert",
      kind: "section",
      node: section("s9", [row("r9", [column("c9")])]),
      parentId: null,
      index: 99,
    });
    expect(next.doc.sections.map((s) => s.id)).toEqual(["s1", "s2", "s3", "s9"]);
  });

  it("keeps the read-only badge section last", () => {
    const doc = sampleDocument();
    doc.sections.push(section("badge", [], "badge"));
    const next = run(initialState(doc), { type: "insert", kind: "section", node: section("s9", []), parentId: null, index: 99 });
    expect(next.doc.sections.map((s) => s.id)).toEqual(["s1", "s2", "s3", "s9", "badge"]);
    expect(run(next, { type: "move", id: "s1", parentId: null, index: 4 }).doc.sections.map((s) => s.id)).toEqual([
      "s2",
      "s3",
      "s9",
      "s1",
      "badge",
    ]);
  });

  it("keeps the identity of every untouched subtree", () => {
    const before = start();
    const next = run(before, { type: "insert", kind: "block", node: text("new"), parentId: "c2", index: 0 });
    expect(next.doc.sections[1]).toBe(before.doc.sections[1]);
    expect(next.doc.sections[0].rows[0].columns[0]).toBe(before.doc.sections[0].rows[0].columns[0]);
    expect(next.doc.sections[0].rows[0].columns[1]).not.toBe(before.doc.sections[0].rows[0].columns[1]);
  });

  it("refuses a product block outside a product section", () => {
    const before = start();
    const next = run(before, { type: "insert", kind: "block", node: product("px"), parentId: "c1", index: 0 });
    expect(next.doc).toBe(before.doc);
    expect(next.refusal).toMatch(/product blocks go only into product sections/);
    expect(next.past).toHaveLength(0);
  });

  it("refuses a text block in a product section", () => {
    const next = run(start(), { type: "insert", kind: "block", node: text("tx"), parentId: "c3", index: 0 });
    expect(next.refusal).toMatch(/accept only product blocks/);
    expect(blockIds(next, "c3")).toEqual(["p1"]);
  });

  it("accepts a product block in a products_listing section", () => {
    const next = run(start(), { type: "insert", kind: "block", node: product("px"), parentId: "c3", index: 1 });
    expect(blockIds(next, "c3")).toEqual(["p1", "px"]);
  });

  it("refuses a thirteenth slot in a recommender section", () => {
    const next = run(start(), { type: "insert", kind: "block", node: product("px"), parentId: "c4", index: 0 });
    expect(next.refusal).toMatch(/at most 12/);
  });

  it("refuses a node of the wrong level and a reused id", () => {
    expect(run(start(), { type: "insert", kind: "block", node: text("x"), parentId: "r1", index: 0 }).refusal).toMatch(
      /cannot go into a row/,
    );
    expect(run(start(), { type: "insert", kind: "block", node: text("b3"), parentId: "c1", index: 0 }).refusal).toMatch(/already used/);
  });
});

describe("move", () => {
  it("reorders within a column (index is the final position)", () => {
    const next = run(start(), { type: "move", id: "b1", parentId: "c1", index: 1 });
    expect(blockIds(next, "c1")).toEqual(["b2", "b1"]);
    expect(next.past).toHaveLength(1);
  });

  it("moves a block to another column", () => {
    const before = start();
    const next = run(before, { type: "move", id: "b1", parentId: "c2", index: 1 });
    expect(blockIds(next, "c1")).toEqual(["b2"]);
    expect(blockIds(next, "c2")).toEqual(["b3", "b1"]);
    expect(next.doc.sections[2]).toBe(before.doc.sections[2]);
  });

  it("moves sections and keeps their content", () => {
    const before = start();
    const next = run(before, { type: "move", id: "s1", parentId: null, index: 2 });
    expect(next.doc.sections.map((s) => s.id)).toEqual(["s2", "s3", "s1"]);
    expect(next.doc.sections[2]).toBe(before.doc.sections[0]);
  });

  it("is a no-op (no undo step) when the node stays where it is", () => {
    const before = start();
    const next = run(before, { type: "move", id: "b2", parentId: "c1", index: 1 });
    expect(next).toBe(before);
  });

  it("refuses moving a text block into a product section", () => {
    const before = start();
    const next = run(before, { type: "move", id: "b1", parentId: "c3", index: 0 });
    expect(next.doc).toBe(before.doc);
    expect(next.refusal).toMatch(/accept only product blocks/);
  });

  it("refuses moving the only column out of its row, and a node into itself", () => {
    const doc = sampleDocument();
    const state = initialState(doc);
    expect(run(state, { type: "move", id: "c3", parentId: "r1", index: 0 }).refusal).toMatch(/at least one column/);
    const withRow = run(state, { type: "insert", kind: "row", node: row("rX", [column("cX")]), parentId: "s1", index: 1 });
    expect(run(withRow, { type: "move", id: "s1", parentId: null, index: 0 }).doc.sections[0].id).toBe("s1");
  });

  it("moves a column between rows", () => {
    const next = run(start(), { type: "move", id: "c2", parentId: "r2", index: 0 });
    expect(next.refusal).toBeNull();
    expect((nodeAt(next.doc, findPath(next.doc, "r2")!) as { columns: Column[] }).columns.map((c) => c.id)).toEqual(["c2", "c3"]);
  });
});

describe("remove", () => {
  it("removes a block and records an undo step", () => {
    const next = run(start(), { type: "remove", id: "b2" });
    expect(blockIds(next, "c1")).toEqual(["b1"]);
    expect(next.past).toHaveLength(1);
  });

  it("clears the selection when the selected node or its ancestor goes", () => {
    const selected = run(start(), { type: "select", id: "b3" });
    expect(run(selected, { type: "remove", id: "s1" }).selectedId).toBeNull();
    expect(run(selected, { type: "remove", id: "b1" }).selectedId).toBe("b3");
  });

  it("refuses removing a row's last column", () => {
    const next = run(start(), { type: "remove", id: "c3" });
    expect(next.refusal).toMatch(/at least one column/);
    expect(findPath(next.doc, "c3")).not.toBeNull();
  });
});

describe("duplicate", () => {
  it("inserts a deep copy with fresh ids right after the original and selects it", () => {
    const next = run(start(), { type: "duplicate", id: "s1", newId: counterIds() });
    expect(next.doc.sections.map((s) => s.id)).toEqual(["s1", "n1", "s2", "s3"]);
    const copy = next.doc.sections[1] as Section;
    expect(copy.rows[0].id).toBe("n2");
    expect(copy.rows[0].columns.map((c) => c.id)).toEqual(["n3", "n6"]);
    expect(copy.rows[0].columns[0].blocks.map((b) => b.id)).toEqual(["n4", "n5"]);
    expect(copy.rows[0].columns[0].blocks[0]).toHaveProperty("text", "<p>b1</p>");
    expect(next.selectedId).toBe("n1");
  });

  it("gives components (menu items, nested product prices) fresh ids too", () => {
    const doc = sampleDocument();
    doc.sections[0].rows[0].columns[0].blocks.push({
      id: "m1",
      type: "menu",
      components: [{ id: "mi1", type: "text", role: "menu_text", text: '<a href="https://x.test">Home</a>' }],
    });
    doc.sections[1].rows[0].columns[0].blocks.push({
      id: "p9",
      type: "product",
      components: [
        { id: "pp", type: "price", role: "product_prices", components: [{ id: "cp", type: "text", role: "product_current_price" }] },
      ],
    });
    const next = run(initialState(doc), { type: "duplicate", id: "m1", newId: counterIds("d") });
    const copy = next.doc.sections[0].rows[0].columns[0].blocks[3];
    expect(copy.id).toBe("d1");
    expect(copy.components?.[0].id).toBe("d2");
    const product = run(initialState(doc), { type: "duplicate", id: "p9", newId: counterIds("e") }).doc.sections[1].rows[0].columns[0]
      .blocks[2];
    expect(product.components?.[0].id).toBe("e2");
    expect(product.components?.[0].components?.[0].id).toBe("e3");
  });

  it("refuses a thirteenth slot", () => {
    expect(run(start(), { type: "duplicate", id: "slot0", newId: counterIds() }).refusal).toMatch(/at most 12/);
  });
});

describe("update", () => {
  it("merges the patch into the node and removes keys set to undefined", () => {
    const once = run(start(), {
      type: "update",
      id: "b1",
      patch: { text: "<p>Hi [[contact.first_name]]</p>", stylePresetID: "paragraph" },
    });
    expect(nodeAt(once.doc, [0, 0, 0, 0])).toMatchObject({ text: "<p>Hi [[contact.first_name]]</p>", stylePresetID: "paragraph" });
    const twice = run(once, { type: "update", id: "b1", patch: { stylePresetID: undefined } });
    expect(nodeAt(twice.doc, [0, 0, 0, 0])).not.toHaveProperty("stylePresetID");
  });

  it("coalesces consecutive edits of the same field into one undo step", () => {
    const typed = run(
      start(),
      { type: "update", id: "b1", patch: { text: "a" }, coalesce: "text" },
      { type: "update", id: "b1", patch: { text: "ab" }, coalesce: "text" },
      { type: "update", id: "b1", patch: { text: "abc" }, coalesce: "text" },
    );
    expect(typed.past).toHaveLength(1);
    const other = run(typed, { type: "update", id: "b2", patch: { text: "x" }, coalesce: "text" });
    expect(other.past).toHaveLength(2);
    expect(nodeAt(run(typed, { type: "undo" }).doc, [0, 0, 0, 0])).toHaveProperty("text", "<p>b1</p>");
  });

  it("changes nothing when the values are the same", () => {
    const before = start();
    const next = run(before, { type: "update", id: "b1", patch: { text: "<p>b1</p>" } });
    expect(next.doc).toBe(before.doc);
    expect(next.past).toHaveLength(0);
  });
});

describe("setGeneralSettings and rename", () => {
  it("merges general settings", () => {
    const next = run(
      start(),
      { type: "setGeneralSettings", patch: { content: { width: "640px" } } },
      { type: "setGeneralSettings", patch: { body: { backgroundColor: "#eee" } } },
    );
    expect(next.doc.generalSettings).toEqual({ content: { width: "640px" }, body: { backgroundColor: "#eee" } });
    expect(next.past).toHaveLength(2);
  });

  it("renames", () => {
    expect(run(start(), { type: "rename", name: "Welcome" }).doc.name).toBe("Welcome");
  });
});

describe("select", () => {
  it("selects an existing node and ignores unknown ids; selection is not an undo step", () => {
    const selected = run(start(), { type: "select", id: "r1" });
    expect(selected.selectedId).toBe("r1");
    expect(selected.past).toHaveLength(0);
    expect(run(selected, { type: "select", id: "nope" }).selectedId).toBeNull();
  });
});

describe("undo and redo", () => {
  it("walks back and forth through full snapshots", () => {
    const s0 = start();
    const s1 = run(s0, { type: "remove", id: "b1" });
    const s2 = run(s1, { type: "move", id: "b3", parentId: "c1", index: 0 });
    const undone = run(s2, { type: "undo" });
    expect(undone.doc).toBe(s1.doc);
    const undone2 = run(undone, { type: "undo" });
    expect(undone2.doc).toBe(s0.doc);
    expect(run(undone2, { type: "undo" })).toBe(undone2);
    const redone = run(undone2, { type: "redo" }, { type: "redo" });
    expect(redone.doc).toBe(s2.doc);
    expect(run(redone, { type: "redo" })).toBe(redone);
  });

  it("drops the redo stack on a new edit", () => {
    const next = run(start(), { type: "remove", id: "b1" }, { type: "undo" }, { type: "remove", id: "b2" });
    expect(next.future).toHaveLength(0);
  });

  it("keeps at most HISTORY_LIMIT snapshots", () => {
    let state = start();
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) state = run(state, { type: "rename", name: `n${i}` });
    expect(state.past).toHaveLength(HISTORY_LIMIT);
  });

  it("drops a selection the restored document no longer has", () => {
    const inserted = run(start(), { type: "insert", kind: "block", node: text("new"), parentId: "c1", index: 0 });
    expect(run(inserted, { type: "undo" }).selectedId).toBeNull();
  });
});

describe("load", () => {
  it("replaces the document and forgets history", () => {
    const edited = run(start(), { type: "remove", id: "b1" });
    const loaded = run(edited, { type: "load", doc: { name: "Other", sections: [] } });
    expect(loaded.doc.name).toBe("Other");
    expect(loaded.past).toHaveLength(0);
  });
});
