"use client";
// Each node is draggable (by its handle, blocks also by their body), a drop target for its own kind
// (before/after it), and, for containers, a drop target for its children's kind (into it).
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { useCallback } from "react";
import type { NodeKind } from "../state/document";
import { dragId, intoId, itemId, type DragData, type DropData } from "../dnd/drag-data";

export type HandleProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { ref: (element: HTMLElement | null) => void };

type Options = {
  kind: NodeKind;
  nodeId: string;
  parentId: string | null;
  sectionType?: string;
  label: string;
  blockType?: string;
  locked?: boolean;
  dragDisabled?: boolean;
};

/** A block: draggable, and a drop target for blocks before/after it (no "into": it holds nothing). */
export function useNodeDnd(options: Options) {
  const { kind, nodeId, parentId, sectionType, label, blockType, locked, dragDisabled } = options;
  const dragData: DragData = { source: "node", kind, nodeId, label, blockType };
  const draggable = useDraggable({ id: dragId(nodeId), data: dragData, disabled: locked || dragDisabled });
  // While something is dragged, only drop targets for its kind stay enabled: dnd-kit then measures and
  // observes a few hundred fewer elements during the drag.
  const dragging = (draggable.active?.data.current as DragData | undefined)?.kind;
  const itemData: DropData = { role: "item", kind, nodeId, parentId, sectionType, label };
  const item = useDroppable({ id: itemId(nodeId), data: itemData, disabled: locked || (dragging !== undefined && dragging !== kind) });
  const { setNodeRef: setDragRef, setActivatorNodeRef, attributes, listeners } = draggable;
  const { setNodeRef: setItemRef } = item;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      setDragRef(element);
      setItemRef(element);
    },
    [setDragRef, setItemRef],
  );
  /** Props for the drag handle button: pointer and keyboard activation, the accessible description. */
  const handleProps = { ...attributes, ...(listeners as object), ref: setActivatorNodeRef } as HandleProps;
  return { ref, handleProps, listeners, dragging };
}

/** A section, row or column: also a drop target for its children's kind (into it). */
export function useContainerDnd(options: Options & { holds: NodeKind }) {
  const { nodeId, sectionType, label, holds, locked } = options;
  const node = useNodeDnd(options);
  const intoData: DropData = { role: "into", accepts: holds, nodeId, sectionType, label };
  const into = useDroppable({ id: intoId(nodeId), data: intoData, disabled: locked || (node.dragging !== undefined && node.dragging !== holds) });
  const { setNodeRef: setIntoRef } = into;
  const { ref: setNodeRefs } = node;
  const ref = useCallback(
    (element: HTMLElement | null) => {
      setNodeRefs(element);
      setIntoRef(element);
    },
    [setNodeRefs, setIntoRef],
  );
  return { ...node, ref };
}
