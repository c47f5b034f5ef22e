// Small documents for the editor's unit tests.
import type { Block, Column, EditorDocument, Row, Section } from "./document";

export const text = (id: string, html = `<p>${id}</p>`): Block => ({ id, type: "text", text: html });
export const product = (id: string): Block => ({ id, type: "product", product: {} });
export const column = (id: string, blocks: Block[] = []): Column => ({ id, blocks });
export const row = (id: string, columns: Column[]): Row => ({ id, columns });
export const section = (id: string, rows: Row[], type?: Section["type"]): Section => ({ id, ...(type ? { type } : {}), rows });

/** s1: one row, two columns (b1, b2 | b3); s2: a products_listing section (p1); s3: a recommender with 12 slots. */
export function sampleDocument(): EditorDocument {
  return {
    name: "Sample",
    sections: [
      section("s1", [row("r1", [column("c1", [text("b1"), text("b2")]), column("c2", [text("b3")])])]),
      section("s2", [row("r2", [column("c3", [product("p1")])])], "products_listing"),
      section(
        "s3",
        [
          row("r3", [
            column(
              "c4",
              Array.from({ length: 12 }, (_, i) => product(`slot${i}`)),
            ),
          ]),
        ],
        "product_recommender",
      ),
    ],
  };
}

export function counterIds(prefix = "n"): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}
