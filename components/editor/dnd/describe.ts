// Words for screen-reader announcements: where a node is, and where a drop would put it.
import type { EditorDocument, NodeKind } from "../state/document";
import { kindOfPath } from "../state/document";
import { childrenAt, findPath } from "../state/tree";
import type { DropData, Side } from "./drag-data";
import { resolveDrop } from "./resolve-drop";

/** "column 2 of row 1 of section 3", from the root down to the node with this id. */
export function describeNode(doc: EditorDocument, id: string | null): string {
  if (id === null) return "the email";
  const path = findPath(doc, id);
  if (!path) return "a removed node";
  const parts: string[] = [];
  for (let depth = 1; depth <= path.length; depth++) {
    const kind: NodeKind = kindOfPath(path.slice(0, depth));
    if (kind === "block") continue;
    parts.unshift(`${kind} ${path[depth - 1] + 1}`);
  }
  return parts.join(" of ") || "the email";
}

export function describeDrop(doc: EditorDocument, drop: DropData, side: Side, movingId: string | null): string {
  const place = resolveDrop(doc, drop, side, movingId);
  if (!place) return "no valid place";
  const parentPath = place.parentId === null ? [] : (findPath(doc, place.parentId) ?? []);
  const siblings = childrenAt(doc, parentPath).filter((c) => c.id !== movingId);
  return `position ${place.index + 1} of ${siblings.length + 1} in ${describeNode(doc, place.parentId)}`;
}
