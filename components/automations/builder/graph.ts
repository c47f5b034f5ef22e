// The workflow as a graph for the canvas: the trigger on top, each block a node, a split or A/B test
// branching into its branches that meet again at a join point before the blocks after it, and one end.
// Every edge is a gap a block can be added into (its slot). Positions come from dagre's layered layout
// (top to bottom), so the canvas draws what a well-kept library computed.
import dagre from "@dagrejs/dagre";
import type { Block } from "../automations-client";
import { keyOf, type Branch, type Slot } from "./draft";

export type GraphNode =
  | { id: "trigger"; kind: "trigger" }
  | { id: string; kind: "block"; block: Block }
  | { id: string; kind: "join" }
  | { id: "end"; kind: "end" };

export type GraphEdge = { id: string; source: string; target: string; label?: string; slot: Slot };

export const SIZES = {
  // tall enough for the kind, two lines of text and a row of figures (a number above a word of two lines)
  trigger: { width: 280, height: 128 },
  block: { width: 280, height: 128 },
  join: { width: 12, height: 12 },
  end: { width: 120, height: 40 },
};

const BRANCHES: Record<string, [Branch, string][]> = {
  split: [
    ["true", "Yes"],
    ["false", "No"],
  ],
  abTesting: [
    ["a", "A"],
    ["b", "B"],
  ],
};

function branchBlocks(block: Block, branch: Branch): Block[] {
  if (block.type === "split") return branch === "true" ? block.split.trueBlocks : block.split.falseBlocks;
  if (block.type === "abTesting") return branch === "a" ? block.abTesting.aBlocks : block.abTesting.bBlocks;
  return [];
}

export function buildGraph(blocks: Block[]): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = [{ id: "trigger", kind: "trigger" }];
  const edges: GraphEdge[] = [];
  const edge = (source: string, target: string, slot: Slot, label?: string) =>
    edges.push({
      id: `${source}->${target}:${slot.parent ?? ""}:${slot.branch ?? ""}:${slot.index}`,
      source,
      target,
      slot,
      ...(label ? { label } : {}),
    });

  const sequence = (
    seq: Block[],
    parent: string | null,
    branch: Branch | null,
    entry: { source: string; label?: string },
    exit: string,
  ) => {
    let from = entry;
    seq.forEach((block, index) => {
      const key = keyOf(block);
      nodes.push({ id: key, kind: "block", block });
      edge(from.source, key, { parent, branch, index }, from.label);
      const branches = BRANCHES[block.type];
      if (branches) {
        const join = `join:${key}`;
        for (const [name, label] of branches) sequence(branchBlocks(block, name), key, name, { source: key, label }, join);
        nodes.push({ id: join, kind: "join" });
        from = { source: join };
      } else from = { source: key };
    });
    edge(from.source, exit, { parent, branch, index: seq.length }, from.label);
  };
  sequence(blocks, null, null, { source: "trigger" }, "end");
  nodes.push({ id: "end", kind: "end" });
  return { nodes, edges };
}

/** Top-left positions of every node, laid out top to bottom. */
export function layoutGraph(nodes: GraphNode[], edges: GraphEdge[]): Map<string, { x: number; y: number }> {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 48, ranksep: 56, marginx: 24, marginy: 24 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { ...SIZES[n.kind] });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  const out = new Map<string, { x: number; y: number }>();
  for (const n of nodes) {
    const p = g.node(n.id);
    const size = SIZES[n.kind];
    out.set(n.id, { x: p.x - size.width / 2, y: p.y - size.height / 2 });
  }
  return out;
}
