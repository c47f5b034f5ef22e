import { describe, expect, it } from "vitest";
import type { Block } from "./model";
import { BlockTree, flatten } from "./tree";

const delay = (id: string): Block => ({ id, type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "h" } } });
const tag = (id: string): Block => ({ id, type: "action", action: { type: "addTag", addTag: { value: id } } });
const split = (id: string, t: Block[], f: Block[]): Block => ({
  id,
  type: "split",
  split: { filterGroup: { logicalOperator: "and", filters: [] }, trueBlocks: t, falseBlocks: f },
});

// d1 → s1 [true: e1 → d2] [false: (empty)] → e2 → ab [a: e3] [b: ] → end
const blocks: Block[] = [
  delay("d1"),
  split("s1", [tag("e1"), delay("d2")], []),
  tag("e2"),
  { id: "ab", type: "abTesting", abTesting: { aBlocksPercentage: 50, aBlocks: [tag("e3")], bBlocks: [] } },
];
const tree = new BlockTree(blocks);

describe("BlockTree", () => {
  it("runs siblings in order and reconverges after a branch", () => {
    expect(tree.first()?.id).toBe("d1");
    expect(tree.after("d1")?.id).toBe("s1");
    expect(tree.after("e1")?.id).toBe("d2");
    expect(tree.after("d2")?.id).toBe("e2");
    expect(tree.after("s1")?.id).toBe("e2");
    expect(tree.after("e3")).toBeNull();
    expect(tree.after("ab")).toBeNull();
  });

  it("enters a branch, or skips an empty one", () => {
    const s1 = tree.get("s1")!;
    expect(s1.type === "split" && tree.enter(s1, s1.split.trueBlocks)?.id).toBe("e1");
    expect(s1.type === "split" && tree.enter(s1, s1.split.falseBlocks)?.id).toBe("e2");
  });

  it("knows what runs before a block, and not the other branch", () => {
    expect(tree.before("e2").map((b) => b.id)).toEqual(["d1", "s1", "e1", "d2"]);
    expect(tree.before("d2").map((b) => b.id)).toEqual(["e1", "s1", "d1"]);
    expect(tree.before("e3").map((b) => b.id)).toEqual(["ab", "d1", "s1", "e1", "d2", "e2"]);
  });

  it("flattens in pre-order", () => {
    expect(flatten(blocks).map((b) => b.id)).toEqual(["d1", "s1", "e1", "d2", "e2", "ab", "e3"]);
  });
});
