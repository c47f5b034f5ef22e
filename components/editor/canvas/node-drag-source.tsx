"use client";
// The canvas' nodes as drag sources: a block by its body, any node by the drag handle in its toolbar
// (with the pointer, or Space/Enter on the handle, or Space on the selected node). One delegated draggable serves them all, so that
// nothing on the canvas subscribes to dnd-kit's context (see dnd/delegated-draggable.tsx).
import { createContext, useCallback } from "react";
import { useEditorUi } from "../editor-ui";
import { useDelegatedDraggable } from "../dnd/delegated-draggable";
import { kindOfPath } from "../state/document";
import { nodeLabel } from "../state/factories";
import { useEditorStore } from "../state/store";
import { findPath, nodeAt } from "../state/tree";

/** A node's drag handle (in its toolbar). */
const HANDLE_SELECTOR = "[data-drag-handle]";

/** The id of dnd-kit's screen-reader instructions, for the handles' aria-describedby. */
export const DragHandleContext = createContext<string | undefined>(undefined);

export function useNodeDragSource() {
  const store = useEditorStore();
  const ui = useEditorUi();
  const resolve = useCallback(
    (target: Element, key: string | null) => {
      const handle = target.closest<HTMLElement>(HANDLE_SELECTOR);
      // By key: on the drag handle (Space or Enter), or Space on the selected node itself (Enter opens it).
      const onFrame = key === " " && target.matches("[data-node-id][data-selected]");
      if (key !== null && handle !== target && !onFrame) return null;
      // Blocks drag by their body too; the other nodes only by their handle.
      const frame = (handle ?? target).closest<HTMLElement>("[data-node-id]");
      if (!frame || frame.hasAttribute("data-locked") || (!handle && !onFrame && !frame.classList.contains("ed-block"))) return null;
      const nodeId = frame.dataset.nodeId!;
      if (ui.editing.get() === nodeId) return null;
      const { doc } = store.getState();
      const path = findPath(doc, nodeId);
      const node = path && nodeAt(doc, path);
      if (!path || !node) return null;
      const kind = kindOfPath(path);
      const blockType = kind === "block" ? (node as { type: string }).type : undefined;
      return {
        data: { source: "node" as const, kind, nodeId, label: nodeLabel(kind, node), blockType },
        node: frame,
        activator: handle ?? frame,
      };
    },
    [store, ui.editing],
  );
  return useDelegatedDraggable("canvas-node", resolve);
}
