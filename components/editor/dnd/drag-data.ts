// What draggables and droppables carry in dnd-kit's `data`, and which drop targets accept which drag.
import type { AnyNode, NodeKind } from "../state/document";
import { isLockedSection, isProductSection } from "../state/rules";

export type DragData =
  | { source: "node"; kind: NodeKind; nodeId: string; label: string; blockType?: string }
  | { source: "palette"; kind: NodeKind; label: string; blockType?: string; create: () => AnyNode };

export type DropData =
  /** A node others of its kind go before or after. */
  | { role: "item"; kind: NodeKind; nodeId: string; parentId: string | null; sectionType?: string; label: string }
  /** A container (the canvas, a section, a row, a column) new children go into. */
  | { role: "into"; accepts: NodeKind; nodeId: string | null; sectionType?: string; label: string };

export const ROOT_DROP_ID = "into:root";
export const dragId = (nodeId: string) => `drag:${nodeId}`;
export const itemId = (nodeId: string) => `item:${nodeId}`;
export const intoId = (nodeId: string | null) => (nodeId === null ? ROOT_DROP_ID : `into:${nodeId}`);

export function accepts(drag: DragData, drop: DropData): boolean {
  const kind = drop.role === "item" ? drop.kind : drop.accepts;
  if (kind !== drag.kind) return false;
  if (drag.source === "node" && drop.role === "item" && drop.nodeId === drag.nodeId) return true;
  if (drag.kind === "section") return true;
  if (isLockedSection({ type: drop.sectionType as never })) return false;
  if (drag.kind !== "block") return true;
  return isProductSection({ type: drop.sectionType as never }) === (drag.blockType === "product");
}

export type Side = "before" | "after" | "inside";
export type Slot = { targetId: string; side: Side };
