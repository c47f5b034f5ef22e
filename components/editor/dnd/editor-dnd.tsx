"use client";
// The drag-and-drop layer of the editor: one DndContext over the palette and the canvas. Drag-over state
// never reaches the document: the drop indicator is an attribute set on the target element, and the
// document changes once, on drop, through the reducer (one undo step).
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Collision,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { useMemo, useRef, useState } from "react";
import { useEditorStore } from "../state/store";
import { editorCollision } from "./collision";
import { describeDrop, describeNode } from "./describe";
import type { DragData, DropData, Side } from "./drag-data";
import { slotKeyboardCoordinates } from "./keyboard";
import { resolveDrop } from "./resolve-drop";

type Slot = { element: HTMLElement | null; drop: DropData; side: Side } | null;

const measuring = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

export function EditorDnd({ children, rootRef }: { children: React.ReactNode; rootRef: React.RefObject<HTMLElement | null> }) {
  const store = useEditorStore();
  const [overlay, setOverlay] = useState<DragData | null>(null);
  const slot = useRef<Slot>(null);
  const slotChanged = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: slotKeyboardCoordinates }),
  );

  function setSlot(collisions: Collision[] | null) {
    const first = collisions?.[0];
    const element = (first?.data?.droppableContainer?.node.current as HTMLElement | null | undefined) ?? null;
    const drop = first?.data?.droppableContainer?.data.current as DropData | undefined;
    const side = (first?.data?.side as Side | undefined) ?? "inside";
    const previous = slot.current;
    if (previous?.element === element && previous?.side === side) {
      slotChanged.current = false;
      return;
    }
    previous?.element?.removeAttribute("data-drop-side");
    element?.setAttribute("data-drop-side", side);
    slot.current = drop ? { element, drop, side } : null;
    slotChanged.current = true;
  }

  function clear() {
    slot.current?.element?.removeAttribute("data-drop-side");
    slot.current = null;
    setOverlay(null);
    const root = rootRef.current;
    if (root) {
      delete root.dataset.dragKind;
      delete root.dataset.dragProduct;
    }
    document.querySelector("[data-drag-source]")?.removeAttribute("data-drag-source");
  }

  function onDragStart(event: DragStartEvent) {
    const data = event.active.data.current as DragData;
    setOverlay(data);
    const root = rootRef.current;
    if (root) {
      // Drop targets show what they accept through CSS alone: no re-render of the canvas.
      root.dataset.dragKind = data.kind;
      root.dataset.dragProduct = String(data.blockType === "product");
    }
    if (data.source === "node") document.querySelector(`[data-node-id="${CSS.escape(data.nodeId)}"]`)?.setAttribute("data-drag-source", "");
  }

  function onDragEnd(event: DragEndEvent) {
    const data = event.active.data.current as DragData;
    const current = slot.current;
    clear();
    if (!current || !event.over) return;
    const { doc } = store.getState();
    const movingId = data.source === "node" ? data.nodeId : null;
    const place = resolveDrop(doc, current.drop, current.side, movingId);
    if (!place) return;
    if (data.source === "palette") store.dispatch({ type: "insert", kind: data.kind, node: data.create(), ...place });
    else store.dispatch({ type: "move", id: data.nodeId, ...place });
  }

  const announcements = useMemo<Announcements>(() => {
    const labelOf = (active: { data: { current?: unknown } }) => (active.data.current as DragData | undefined)?.label ?? "item";
    const where = (active: { data: { current?: unknown } }) => {
      const current = slot.current;
      if (!current) return "no valid place";
      const data = active.data.current as DragData;
      return describeDrop(store.getState().doc, current.drop, current.side, data.source === "node" ? data.nodeId : null);
    };
    const overItself = (active: { data: { current?: unknown } }) => {
      const data = active.data.current as DragData;
      const drop = slot.current?.drop;
      return data.source === "node" && drop?.role === "item" && drop.nodeId === data.nodeId;
    };
    return {
      onDragStart: ({ active }) => {
        const data = active.data.current as DragData;
        const from = data.source === "node" ? ` from ${describeNode(store.getState().doc, data.nodeId)}` : " from the palette";
        return `Picked up ${labelOf(active)}${from}. Use the arrow keys to move it, Space to drop, Escape to cancel.`;
      },
      onDragMove: ({ active }) => (slotChanged.current ? `${labelOf(active)} would go to ${where(active)}.` : undefined),
      // Over itself (where a drag starts) is not news: the pick-up announcement stays.
      onDragOver: ({ active }) => (slotChanged.current && !overItself(active) ? `${labelOf(active)} would go to ${where(active)}.` : undefined),
      onDragEnd: ({ active, over }) => (over ? `Dropped ${labelOf(active)}.` : `${labelOf(active)} was not moved.`),
      onDragCancel: ({ active }) => `Cancelled. ${labelOf(active)} was not moved.`,
    };
  }, [store]);

  const accessibility = useMemo(
    () => ({
      announcements,
      screenReaderInstructions: {
        draggable:
          "To move this item, press Space or Enter to pick it up. Use the arrow keys to choose a new place, Space or Enter to drop it there, or Escape to cancel.",
      },
    }),
    [announcements],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={editorCollision}
      measuring={measuring}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragMove={(event: DragMoveEvent) => setSlot(event.collisions)}
      onDragOver={(event) => setSlot(event.collisions)}
      onDragEnd={onDragEnd}
      onDragCancel={clear}
    >
      {children}
      <DragOverlay dropAnimation={null}>{overlay ? <div className="ed-drag-chip">{overlay.label}</div> : null}</DragOverlay>
    </DndContext>
  );
}
