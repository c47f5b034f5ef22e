// What a drag carries (dnd-kit's `active.data`), and the drop slots it may land in.
import type { AnyNode, NodeKind } from "../state/document";

export type DragData =
  | { source: "node"; kind: NodeKind; nodeId: string; label: string; blockType?: string }
  | { source: "palette"; kind: NodeKind; label: string; blockType?: string; create: () => AnyNode };

export type DropData =
  /** A node others of its kind go before or after. */
  | { role: "item"; kind: NodeKind; nodeId: string; parentId: string | null }
  /** A container (the canvas, a section, a row, a column) new children go into. */
  | { role: "into"; accepts: NodeKind; nodeId: string | null };

export type Side = "before" | "after" | "inside";
