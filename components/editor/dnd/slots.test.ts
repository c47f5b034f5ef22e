import { describe, expect, it } from "vitest";
import { sampleDocument, section, row, column, text } from "../state/fixtures";
import type { DragData } from "./drag-data";
import { slotAt } from "./hit-test";
import { keyboardSlots } from "./keyboard";
import { collectTargets, type Container } from "./targets";

type Box = { left: number; top: number; width: number; height: number };

/** Stand-ins for the canvas' elements: an id and a rectangle are all the drop logic reads. */
function fakeElement(nodeId: string, box: Box = { left: 0, top: 0, width: 0, height: 0 }) {
  const rect = { ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top };
  return { dataset: { nodeId }, getBoundingClientRect: () => rect } as unknown as HTMLElement;
}

function fakeCanvas(ids: string[], boxes: Record<string, Box> = {}) {
  const elements = ids.map((id) => fakeElement(id, boxes[id]));
  return {
    dataset: {},
    querySelectorAll: () => elements,
    getBoundingClientRect: () => fakeElement("", { left: 0, top: 0, width: 600, height: 1000 }).getBoundingClientRect(),
  } as unknown as HTMLElement;
}

const ALL = [
  "s1",
  "r1",
  "c1",
  "b1",
  "b2",
  "c2",
  "b3",
  "s2",
  "r2",
  "c3",
  "p1",
  "s3",
  "r3",
  "c4",
  ...Array.from({ length: 12 }, (_, i) => `slot${i}`),
];
const blockDrag = (blockType: string, nodeId = "x"): DragData => ({ source: "node", kind: "block", nodeId, label: "", blockType });
const ids = (containers: Container[]) => containers.map((c) => [c.drop.nodeId, c.items.map((i) => i.drop.nodeId)]);

describe("collectTargets", () => {
  it("offers a block the columns of sections of its own kind (product blocks only in product sections)", () => {
    const doc = sampleDocument();
    expect(ids(collectTargets(doc, fakeCanvas(ALL), blockDrag("text")))).toEqual([
      ["c1", ["b1", "b2"]],
      ["c2", ["b3"]],
    ]);
    expect(ids(collectTargets(doc, fakeCanvas(ALL), blockDrag("product")))).toEqual([
      ["c3", ["p1"]],
      ["c4", Array.from({ length: 12 }, (_, i) => `slot${i}`)],
    ]);
  });

  it("offers sections the canvas, without a badge section, and nothing inside locked sections", () => {
    const doc = sampleDocument();
    doc.sections.push(section("layout", [row("lr", [column("lc", [text("lb")])])], "universal_layout"), section("badge", [], "badge"));
    const canvas = fakeCanvas([...ALL, "layout", "lr", "lc", "lb", "badge"]);
    expect(ids(collectTargets(doc, canvas, { source: "palette", kind: "section", label: "", create: () => section("n", []) }))).toEqual([
      [null, ["s1", "s2", "s3", "layout"]],
    ]);
    expect(ids(collectTargets(doc, canvas, { source: "node", kind: "row", nodeId: "r1", label: "" }))).toEqual([
      ["s1", ["r1"]],
      ["s2", ["r2"]],
      ["s3", ["r3"]],
    ]);
  });
});

describe("slotAt", () => {
  // c1 (0..300 wide) holds b1 (top 0..100) and b2 (top 100..200); c2 (300..600) holds b3; c5 (0..600, 300..400) is empty.
  const boxes: Record<string, Box> = {
    c1: { left: 0, top: 0, width: 300, height: 250 },
    b1: { left: 0, top: 0, width: 300, height: 100 },
    b2: { left: 0, top: 100, width: 300, height: 100 },
    c2: { left: 300, top: 0, width: 300, height: 250 },
    b3: { left: 300, top: 0, width: 300, height: 100 },
    c5: { left: 0, top: 300, width: 600, height: 100 },
  };
  const doc = {
    name: "",
    sections: [section("s", [row("r", [column("c1", [text("b1"), text("b2")]), column("c2", [text("b3")])]), row("r5", [column("c5")])])],
  };
  const containers = collectTargets(doc, fakeCanvas(Object.keys(boxes), boxes), blockDrag("text"));
  const at = (x: number, y: number) => {
    const slot = slotAt(containers, { x, y }, "y");
    return slot && [slot.target.drop.nodeId, slot.side];
  };

  it("puts the drop before or after the child under the pointer, by which half it is in", () => {
    expect(at(100, 20)).toEqual(["b1", "before"]);
    expect(at(100, 180)).toEqual(["b2", "after"]);
    expect(at(400, 90)).toEqual(["b3", "after"]);
  });

  it("uses the nearest child along the axis in a container's free space, and the inside of an empty one", () => {
    expect(at(400, 240)).toEqual(["b3", "after"]);
    expect(at(100, 350)).toEqual(["c5", "inside"]);
  });

  it("falls back to the nearest container when the pointer is over none", () => {
    expect(at(100, 270)).toEqual(["b2", "after"]);
    expect(at(700, 20)).toEqual(["b3", "before"]);
  });
});

describe("keyboardSlots", () => {
  it("lists every place in document order, without those that leave the moved node where it is", () => {
    const doc = sampleDocument();
    doc.sections[0].rows.push(row("r9", [column("c9")]));
    const containers = collectTargets(doc, fakeCanvas([...ALL, "r9", "c9"]), blockDrag("text", "b2"));
    const slots = keyboardSlots(containers, "b2").map((s) => `${s.side} ${s.target.drop.nodeId}`);
    expect(slots).toEqual(["before b1", "before b3", "after b3", "inside c9"]);
  });
});
