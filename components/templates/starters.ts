// Starter layouts for a new template, built from the editor's node factories.
import type { EditorDocument } from "@/components/editor/state/document";
import { newBlock, newSection } from "@/components/editor/state/factories";
import { newNodeId } from "@/components/editor/state/client-id";

export type Starter = { id: string; name: string; description: string; build: (name: string, origin: string) => EditorDocument };

function withBlocks(origin: string, columns: number, fill: (column: number) => Parameters<typeof newBlock>[0][]) {
  const section = newSection("", columns, newNodeId, origin);
  section.rows[0].columns.forEach((column, i) => {
    column.blocks = fill(i).map((type) => newBlock(type, newNodeId, origin));
  });
  return section;
}

export const STARTERS: Starter[] = [
  { id: "blank", name: "Blank", description: "An empty email", build: (name) => ({ name, sections: [] }) },
  {
    id: "newsletter",
    name: "Newsletter",
    description: "Logo, image, text and a button",
    build: (name, origin) => ({
      name,
      sections: [withBlocks(origin, 1, () => ["logo"]), withBlocks(origin, 1, () => ["image", "text", "button"]), withBlocks(origin, 1, () => ["lineSpace", "social", "text"])],
    }),
  },
  {
    id: "promotion",
    name: "Promotion",
    description: "Headline, two columns and a discount code",
    build: (name, origin) => ({
      name,
      sections: [withBlocks(origin, 1, () => ["text", "discount"]), withBlocks(origin, 2, () => ["image", "text", "button"])],
    }),
  },
  {
    id: "recommendations",
    name: "Recommendations",
    description: "Text and three recommended products",
    build: (name, origin) => ({ name, sections: [withBlocks(origin, 1, () => ["text"]), newSection("product_recommender", 3, newNodeId, origin)] }),
  },
];
