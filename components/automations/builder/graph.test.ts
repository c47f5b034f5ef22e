import { describe, expect, it } from "vitest";
import type { Block } from "../automations-client";
import { buildGraph, layoutGraph } from "./graph";

const tag = (id: string): Block => ({ id, type: "action", action: { type: "addTag", addTag: { value: id } } });
const blocks: Block[] = [
  tag("t1"),
  {
    id: "s1",
    type: "split",
    split: { filterGroup: { logicalOperator: "and", filters: [] }, trueBlocks: [tag("yes")], falseBlocks: [] },
  },
  tag("after"),
];

describe("the workflow as a graph", () => {
  it("links the trigger, blocks, branches, their join and the end, each gap with its slot", () => {
    const { nodes, edges } = buildGraph(blocks);
    expect(nodes.map((n) => n.id)).toEqual(["trigger", "t1", "s1", "yes", "join:s1", "after", "end"]);
    const link = (e: (typeof edges)[number]) =>
      `${e.source}>${e.target}${e.label ? `(${e.label})` : ""}@${e.slot.parent ?? "top"}/${e.slot.branch ?? "-"}/${e.slot.index}`;
    expect(edges.map(link)).toEqual([
      "trigger>t1@top/-/0",
      "t1>s1@top/-/1",
      "s1>yes(Yes)@s1/true/0",
      "yes>join:s1@s1/true/1",
      "s1>join:s1(No)@s1/false/0",
      "join:s1>after@top/-/2",
      "after>end@top/-/3",
    ]);
  });

  it("lays the flow out top to bottom, branches side by side", () => {
    const { nodes, edges } = buildGraph(blocks);
    const at = layoutGraph(nodes, edges);
    expect(at.get("trigger")!.y).toBeLessThan(at.get("t1")!.y);
    expect(at.get("t1")!.y).toBeLessThan(at.get("s1")!.y);
    expect(at.get("yes")!.y).toBeGreaterThan(at.get("s1")!.y);
    expect(at.get("after")!.y).toBeGreaterThan(at.get("yes")!.y);
    expect(at.get("end")!.y).toBeGreaterThan(at.get("after")!.y);
  });

  it("an empty workflow is the trigger and the end with one gap", () => {
    const { nodes, edges } = buildGraph([]);
    expect(nodes.map((n) => n.id)).toEqual(["trigger", "end"]);
    expect(edges).toHaveLength(1);
  });
});
