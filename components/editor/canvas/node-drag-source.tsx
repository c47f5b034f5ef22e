"use client";
// Every node on the canvas is dragged through ONE dnd-kit draggable whose listeners sit on the canvas
// element. On pointer-down on a block's body or any node's drag handle (or a key on a handle), the
// delegate points that draggable's node, activator and data at the node under the event, then hands the
// event to dnd-kit. dnd-kit's context changes (drag start, every move, drop) then re-render this one
// delegate instead of every node of the template (about 250 components at 200 blocks).
import { useDraggable, type DraggableSyntheticListeners } from "@dnd-kit/core";
import { createContext, useLayoutEffect, useState } from "react";
import { useEditorUi, type EditorUi } from "../editor-ui";
import type { DragData } from "../dnd/drag-data";
import { kindOfPath } from "../state/document";
import { nodeLabel } from "../state/factories";
import { useEditorStore, type EditorStore } from "../state/store";
import { findPath, nodeAt } from "../state/tree";

export const NODE_DRAG_ID = "canvas-node";
/** A node's drag handle (in its toolbar). */
const HANDLE_SELECTOR = "[data-drag-handle]";

/** The id of dnd-kit's screen-reader instructions, for the handles' aria-describedby. */
export const DragHandleContext = createContext<string | undefined>(undefined);

type Delegate = {
  /** A drag is under way: its node, activator and data must stay as they are. */
  busy: boolean;
  listeners: DraggableSyntheticListeners;
  setNodeRef: (element: HTMLElement | null) => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
};

class NodeDragSource {
  /** dnd-kit's `active.data.current` for every node drag: refilled for the node a drag starts on. */
  readonly data: Record<string, unknown> = {};
  private delegate: Delegate | null = null;

  constructor(
    private readonly store: EditorStore,
    private readonly ui: EditorUi,
  ) {}

  connect(delegate: Delegate | null) {
    this.delegate = delegate;
  }

  /** Aims the draggable at the node `target` belongs to; false when nothing there may be dragged. */
  private aim(target: Element, viaKeyboard: boolean): boolean {
    const handle = target.closest<HTMLElement>(HANDLE_SELECTOR);
    if (viaKeyboard && handle !== target) return false;
    // Blocks drag by their body too; the other nodes only by their handle.
    const frame = handle ? handle.closest<HTMLElement>("[data-node-id]") : target.closest<HTMLElement>("[data-node-id]");
    if (!frame || frame.hasAttribute("data-locked") || (!handle && !frame.classList.contains("ed-block"))) return false;
    const nodeId = frame.dataset.nodeId!;
    if (this.ui.editing.get() === nodeId) return false;
    const { doc } = this.store.getState();
    const path = findPath(doc, nodeId);
    const node = path && nodeAt(doc, path);
    if (!path || !node || !this.delegate || this.delegate.busy) return false;
    const kind = kindOfPath(path);
    const data: DragData = { source: "node", kind, nodeId, label: nodeLabel(kind, node), blockType: kind === "block" ? (node as { type: string }).type : undefined };
    for (const key of Object.keys(this.data)) delete this.data[key];
    Object.assign(this.data, data);
    this.delegate.setNodeRef(frame);
    this.delegate.setActivatorNodeRef(handle ?? frame);
    return true;
  }

  readonly onPointerDown = (event: React.PointerEvent) => {
    const listeners = this.delegate?.listeners;
    if (listeners && this.aim(event.target as Element, false)) listeners.onPointerDown?.(event);
  };

  readonly onKeyDown = (event: React.KeyboardEvent) => {
    const listeners = this.delegate?.listeners;
    if (listeners && this.aim(event.target as Element, true)) listeners.onKeyDown?.(event);
  };
}

function DragDelegate({ source, onDescribedBy }: { source: NodeDragSource; onDescribedBy: (id: string | undefined) => void }) {
  const { listeners, setNodeRef, setActivatorNodeRef, attributes, active } = useDraggable({ id: NODE_DRAG_ID, data: source.data });
  const busy = active !== null;
  useLayoutEffect(() => {
    source.connect({ busy, listeners, setNodeRef, setActivatorNodeRef });
    return () => source.connect(null);
  }, [source, busy, listeners, setNodeRef, setActivatorNodeRef]);
  const describedBy = attributes["aria-describedby"];
  useLayoutEffect(() => onDescribedBy(describedBy), [describedBy, onDescribedBy]);
  return null;
}

/** The canvas element's handlers, the delegate to render inside the DndContext, and the handles' description id. */
export function useNodeDragSource() {
  const store = useEditorStore();
  const ui = useEditorUi();
  const [source] = useState(() => new NodeDragSource(store, ui));
  const [describedBy, setDescribedBy] = useState<string | undefined>(undefined);
  const delegate = <DragDelegate source={source} onDescribedBy={setDescribedBy} />;
  return { onPointerDown: source.onPointerDown, onKeyDown: source.onKeyDown, delegate, describedBy };
}
