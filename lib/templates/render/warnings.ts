// Template warnings: unknown personalization tags anywhere in the document, whatever a given
// recipient happens to see (hidden sections and empty lists are still checked).
import { templateToMjml } from "./mjml/document";
import type { RenderableTemplate } from "./types";
import type { Shape } from "./shape";
import { Tokenizer, type Warning } from "./tokens";
import { perVersion } from "./per-version";

/** The shape in which every node renders once: all slots filled, one item per list, an order present. */
export function fullShape(doc: RenderableTemplate): Shape {
  const shape: Shape = { hidden: [], slots: {}, listing: {}, lists: {}, order: { images: [true] } };
  for (const section of doc.sections) {
    if (section.type === "dynamic_list") shape.lists[section.id] = 1;
    const slots: boolean[] = [];
    for (const row of section.rows)
      for (const column of row.columns)
        for (const block of column.blocks) {
          if (block.type !== "product") continue;
          slots.push(true);
          shape.listing[block.id] = { image: true };
        }
    shape.slots[section.id] = slots;
  }
  return shape;
}

const cached = perVersion<Warning[]>();

export function templateWarnings(doc: RenderableTemplate, version: string): Warning[] {
  return cached(version, () => {
    const tokens = new Tokenizer();
    templateToMjml(doc, fullShape(doc), tokens);
    return dedupe(tokens.warnings);
  });
}

function dedupe(warnings: Warning[]): Warning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const key = `${w.pointer}\u0000${w.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
