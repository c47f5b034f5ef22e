// Toolbar commands on a node, expressed as reducer actions computed from the current document.
import type { EditorDocument } from "../state/document";
import type { EditorStore } from "../state/store";
import { newNodeId } from "../state/client-id";
import { childrenAt, findPath, nodeAt } from "../state/tree";

export function moveBy(store: EditorStore, id: string, delta: -1 | 1) {
  const { doc } = store.getState();
  const path = findPath(doc, id);
  if (!path) return;
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1] + delta;
  if (index < 0 || index >= childrenAt(doc, parentPath).length) return;
  const parentId = parentPath.length === 0 ? null : nodeAt(doc, parentPath)!.id;
  store.dispatch({ type: "move", id, parentId, index });
}

export function canMove(doc: EditorDocument, id: string, delta: -1 | 1): boolean {
  const path = findPath(doc, id);
  if (!path) return false;
  const index = path[path.length - 1] + delta;
  return index >= 0 && index < childrenAt(doc, path.slice(0, -1)).length;
}

export function duplicateNode(store: EditorStore, id: string) {
  store.dispatch({ type: "duplicate", id, newId: newNodeId });
}

export function removeNode(store: EditorStore, id: string) {
  store.dispatch({ type: "remove", id });
}
