// A slot (before/after a sibling, or inside a container) as the reducer's parent id and final index.
import type { EditorDocument } from "../state/document";
import { childrenAt, findPath } from "../state/tree";
import type { DropData, Side } from "./drag-data";

export type DropPlace = { parentId: string | null; index: number };

export function resolveDrop(doc: EditorDocument, drop: DropData, side: Side, movingId: string | null): DropPlace | null {
  if (drop.role === "into") {
    const parentPath = drop.nodeId === null ? [] : findPath(doc, drop.nodeId);
    if (!parentPath) return null;
    const children = childrenAt(doc, parentPath);
    const without = children.filter((c) => c.id !== movingId);
    return { parentId: drop.nodeId, index: without.length };
  }
  const parentPath = drop.parentId === null ? [] : findPath(doc, drop.parentId);
  if (!parentPath) return null;
  const siblings = childrenAt(doc, parentPath);
  let index = siblings.findIndex((s) => s.id === drop.nodeId);
  if (index === -1) return null;
  if (side === "after") index += 1;
  const from = movingId === null ? -1 : siblings.findIndex((s) => s.id === movingId);
  // The reducer's index is the final position, after the moving node has left its old place.
  if (from !== -1 && from < index) index -= 1;
  return { parentId: drop.parentId, index };
}
