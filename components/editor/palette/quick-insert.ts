// Where a palette item goes when it is clicked (or Enter is pressed) instead of dragged: next to the
// selection when that can hold it, otherwise at the end of the email or of the last column that accepts it.
import type { AnyNode, Block, EditorDocument, NodeKind, Section } from "../state/document";
import { dropRefusal } from "../state/rules";
import { findPath, nodeAt } from "../state/tree";

export type Place = { parentId: string | null; index: number };

export function quickInsertPlace(doc: EditorDocument, selectedId: string | null, kind: NodeKind, node: AnyNode): Place | null {
  if (kind === "section") {
    const path = selectedId ? findPath(doc, selectedId) : null;
    return { parentId: null, index: path ? path[0] + 1 : doc.sections.length };
  }
  if (kind !== "block") return null;
  const path = selectedId ? findPath(doc, selectedId) : null;
  if (path && path.length >= 3) {
    const columnPath = path.slice(0, 3);
    const column = nodeAt(doc, columnPath)!;
    if (!dropRefusal(doc, columnPath, node, "block")) {
      const index = path.length === 4 ? path[3] + 1 : (column as { blocks: Block[] }).blocks.length;
      return { parentId: column.id, index };
    }
  }
  // The last column (of the selected section first, then of the whole email) that accepts the block.
  const sectionOrder = path
    ? [path[0], ...doc.sections.map((_, i) => doc.sections.length - 1 - i).filter((i) => i !== path[0])]
    : doc.sections.map((_, i) => doc.sections.length - 1 - i);
  for (const s of sectionOrder) {
    const section = doc.sections[s] as Section;
    for (let r = section.rows.length - 1; r >= 0; r--) {
      const columns = section.rows[r].columns;
      for (let c = columns.length - 1; c >= 0; c--) {
        if (!dropRefusal(doc, [s, r, c], node, "block")) return { parentId: columns[c].id, index: columns[c].blocks.length };
      }
    }
  }
  return null;
}
