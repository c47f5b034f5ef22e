// Every block of a document with where it is: its section, its JSON pointer, and its parts (components,
// nested components) with theirs.
import type { Block, BlockComponent } from "@/lib/templates/schema";
import type { RenderSection, RenderableTemplate } from "@/lib/templates/render/types";

export type PlacedBlock = { block: Block; section: RenderSection; sectionIndex: number; pointer: string };
export type PlacedPart = { part: BlockComponent; pointer: string };

export function* placedBlocks(doc: RenderableTemplate): Generator<PlacedBlock> {
  for (const [s, section] of doc.sections.entries()) {
    for (const [r, row] of section.rows.entries()) {
      for (const [c, column] of row.columns.entries()) {
        for (const [b, block] of column.blocks.entries()) {
          yield { block, section, sectionIndex: s, pointer: `/sections/${s}/rows/${r}/columns/${c}/blocks/${b}` };
        }
      }
    }
  }
}

export function* placedParts(parts: readonly BlockComponent[] | undefined, pointer: string): Generator<PlacedPart> {
  for (const [i, part] of (parts ?? []).entries()) {
    const at = `${pointer}/components/${i}`;
    yield { part, pointer: at };
    yield* placedParts(part.components, at);
  }
}

/** Every string of a value with its JSON pointer (for tag checks over a whole block). */
export function* strings(value: unknown, pointer: string): Generator<{ text: string; pointer: string }> {
  if (typeof value === "string") yield { text: value, pointer };
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${pointer}/${i}`);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) yield* strings(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
}
