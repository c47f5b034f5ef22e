// The block tree of a workflow: where each block sits, which block runs after it, and which blocks run
// before it. A sequence runs its blocks in order; a split or an A/B test runs one of its branches and then
// the blocks after it in its own sequence (the branches reconverge there); the end of the top-level
// sequence ends the workflow.
import type { Block } from "./model";

export type Place = {
  block: Block;
  /** the sequence that holds the block, and its index there */
  sequence: Block[];
  index: number;
  /** the split or A/B test whose branch holds the sequence (null: the top level) */
  parent: Block | null;
  branch: "true" | "false" | "a" | "b" | null;
  depth: number;
};

export class BlockTree {
  readonly places = new Map<string, Place>();

  constructor(readonly blocks: Block[]) {
    this.index(blocks, null, null, 0);
  }

  private index(sequence: Block[], parent: Block | null, branch: Place["branch"], depth: number): void {
    sequence.forEach((block, index) => {
      this.places.set(block.id, { block, sequence, index, parent, branch, depth });
      for (const [child, name] of branchesOf(block)) this.index(child, block, name, depth + 1);
    });
  }

  get(id: string): Block | undefined {
    return this.places.get(id)?.block;
  }

  /** The first block of the workflow, or null for an empty one. */
  first(): Block | null {
    return this.blocks[0] ?? null;
  }

  /** The block that runs after `id` has run (for a split or an A/B test: after its branch), or null at the end. */
  after(id: string): Block | null {
    const place = this.places.get(id);
    if (!place) return null;
    if (place.index + 1 < place.sequence.length) return place.sequence[place.index + 1];
    return place.parent ? this.after(place.parent.id) : null;
  }

  /** The first block of a branch, or what runs after the branching block when the branch is empty. */
  enter(branching: Block, branch: Block[]): Block | null {
    return branch[0] ?? this.after(branching.id);
  }

  /** The blocks that run before `id` on some path into it (its earlier siblings and theirs, with their branches). */
  before(id: string): Block[] {
    const place = this.places.get(id);
    if (!place) return [];
    const out: Block[] = [];
    for (const earlier of place.sequence.slice(0, place.index)) out.push(...flatten([earlier]));
    if (place.parent) out.push(place.parent, ...this.before(place.parent.id));
    return out;
  }

  all(): Block[] {
    return [...this.places.values()].map((p) => p.block);
  }
}

/** The branches of a block, with their names. */
export function branchesOf(block: Block): [Block[], NonNullable<Place["branch"]>][] {
  if (block.type === "split")
    return [
      [block.split.trueBlocks, "true"],
      [block.split.falseBlocks, "false"],
    ];
  if (block.type === "abTesting")
    return [
      [block.abTesting.aBlocks, "a"],
      [block.abTesting.bBlocks, "b"],
    ];
  return [];
}

/** Every block of a tree in pre-order (a block before its branches). */
export function flatten(blocks: Block[]): Block[] {
  const out: Block[] = [];
  const walk = (sequence: Block[]) => {
    for (const block of sequence) {
      out.push(block);
      for (const [branch] of branchesOf(block)) walk(branch);
    }
  };
  walk(blocks);
  return out;
}

/** A copy of the tree with each block replaced by `map(block)` (branches mapped first). */
export function mapBlocks(blocks: Block[], map: (block: Block) => Block): Block[] {
  return blocks.map((block) => {
    if (block.type === "split")
      return map({
        ...block,
        split: { ...block.split, trueBlocks: mapBlocks(block.split.trueBlocks, map), falseBlocks: mapBlocks(block.split.falseBlocks, map) },
      });
    if (block.type === "abTesting")
      return map({
        ...block,
        abTesting: {
          ...block.abTesting,
          aBlocks: mapBlocks(block.abTesting.aBlocks, map),
          bBlocks: mapBlocks(block.abTesting.bBlocks, map),
        },
      });
    return map(block);
  });
}

/** Whether a block sends a message (the blocks a split's message filter, test emails and UTM tags name). */
export function isMessageBlock(block: Block | undefined): boolean {
  return block?.type === "action" && block.action.type === "sendEmail";
}
