"use client";
// The drag-and-drop layer of the editor: one DndContext over the palette and the canvas. Drag-over state
// never reaches the document: the drop indicator is an attribute set on the target element, and the
// document changes once, on drop, through the reducer (one undo step).
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  type KeyboardSensorOptions,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Collision,
  type CollisionDetection,
  type DragStartEvent,
} from "@dnd-kit/core";
import { useMemo, useRef, useState } from "react";
import { useEditorStore } from "../state/store";
import { describeDrop, describeNode } from "./describe";
import type { DragData, DropData, Side } from "./drag-data";
import { axisOf, slotAt, type Point, type Slot } from "./hit-test";
import { slotKeyboardCoordinates, type KeyboardSession } from "./keyboard";
import { resolveDrop } from "./resolve-drop";
import { collectTargets, DROP_ROOT_SELECTOR } from "./targets";

type Shown = { element: HTMLElement; drop: DropData; side: Side } | null;
type Session = KeyboardSession & { keyboard: boolean; pointer: Point | null; stop: () => void };

// dnd-kit gets no droppables and no collisions: the slot is ours (hit-test.ts, keyboard.ts). A constant
// result keeps dnd-kit's context value unchanged while the pointer moves.
const NO_COLLISIONS: Collision[] = [];
const noCollisions: CollisionDetection = () => NO_COLLISIONS;
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };

export function EditorDnd({ children, rootRef }: { children: React.ReactNode; rootRef: React.RefObject<HTMLElement | null> }) {
  const store = useEditorStore();
  const [overlay, setOverlay] = useState<{ data: DragData; keyboard: boolean } | null>(null);
  const session = useRef<Session | null>(null);
  const shown = useRef<Shown>(null);
  const slotChanged = useRef(false);
  const dropped = useRef(false);
  // Stable sensor options: new ones would give dnd-kit new activators, and re-render every draggable.
  const keyboardOptions = useMemo<KeyboardSensorOptions>(
    () => ({ coordinateGetter: (event, args) => slotKeyboardCoordinates(event, args, session.current) }),
    [],
  );
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));

  function show(slot: Slot | null) {
    const element = slot?.target.element ?? null;
    const side = slot?.side ?? "inside";
    const previous = shown.current;
    if (previous?.element === element && previous?.side === side) {
      slotChanged.current = false;
      return;
    }
    previous?.element.removeAttribute("data-drop-side");
    element?.setAttribute("data-drop-side", side);
    shown.current = slot ? { element: slot.target.element, drop: slot.target.drop, side } : null;
    slotChanged.current = true;
  }

  function clear() {
    shown.current?.element.removeAttribute("data-drop-side");
    shown.current = null;
    session.current?.stop();
    session.current = null;
    setOverlay(null);
    const root = rootRef.current;
    if (root) {
      delete root.dataset.dragKind;
      delete root.dataset.dragProduct;
    }
  }

  function onDragStart(event: DragStartEvent) {
    // A copy: the canvas' drag delegate refills its data object for the next drag.
    const data = { ...event.active.data.current } as DragData;
    const root = rootRef.current;
    const canvas = root?.querySelector<HTMLElement>(DROP_ROOT_SELECTOR);
    const source =
      data.source === "node" ? (canvas?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(data.nodeId)}"]`) ?? null) : null;
    const activator = event.activatorEvent;
    const keyboard = activator instanceof KeyboardEvent;
    const pointer = !keyboard && activator instanceof MouseEvent ? { x: activator.clientX, y: activator.clientY } : null;
    const containers = canvas ? collectTargets(store.getState().doc, canvas, data) : [];
    const next: Session = { drag: data, containers, source, chosen: null, keyboard, pointer, stop: () => {} };
    if (!keyboard) {
      const track = (move: PointerEvent) => (next.pointer = { x: move.clientX, y: move.clientY });
      document.addEventListener("pointermove", track, { capture: true, passive: true });
      next.stop = () => document.removeEventListener("pointermove", track, true);
    }
    session.current = next;
    dropped.current = false;
    setOverlay({ data, keyboard });
    if (root) {
      // Drop targets show what they accept through CSS alone: no re-render of the canvas.
      root.dataset.dragKind = data.kind;
      root.dataset.dragProduct = String(data.blockType === "product");
    }
  }

  function onDragMove() {
    const current = session.current;
    if (!current) return;
    if (current.keyboard) show(current.chosen);
    else if (current.pointer) show(slotAt(current.containers, current.pointer, axisOf(current.drag)));
  }

  function onDragEnd() {
    const current = session.current;
    const target = shown.current;
    clear();
    if (!current || !target) return;
    const data = current.drag;
    const { doc } = store.getState();
    const movingId = data.source === "node" ? data.nodeId : null;
    const place = resolveDrop(doc, target.drop, target.side, movingId);
    if (!place) return;
    dropped.current = true;
    if (data.source === "palette") store.dispatch({ type: "insert", kind: data.kind, node: data.create(), ...place });
    else store.dispatch({ type: "move", id: data.nodeId, ...place });
  }

  const announcements = useMemo<Announcements>(() => {
    const labelOf = (active: { data: { current?: unknown } }) => (active.data.current as DragData | undefined)?.label ?? "item";
    const where = (active: { data: { current?: unknown } }) => {
      const current = shown.current;
      if (!current) return "no valid place";
      const data = active.data.current as DragData;
      return describeDrop(store.getState().doc, current.drop, current.side, data.source === "node" ? data.nodeId : null);
    };
    return {
      onDragStart: ({ active }) => {
        const data = active.data.current as DragData;
        const from = data.source === "node" ? ` from ${describeNode(store.getState().doc, data.nodeId)}` : " from the palette";
        return `Picked up ${labelOf(active)}${from}. Use the arrow keys to move it, Space to drop, Escape to cancel.`;
      },
      // dnd-kit calls the DndContext's onDragMove (which updates the slot) before these announcements.
      onDragMove: ({ active }) => (slotChanged.current ? `${labelOf(active)} would go to ${where(active)}.` : undefined),
      // No droppables, so dnd-kit never reports one: the slot changes are announced on move.
      onDragOver: () => undefined,
      onDragEnd: ({ active }) => (dropped.current ? `Dropped ${labelOf(active)}.` : `${labelOf(active)} was not moved.`),
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
      collisionDetection={noCollisions}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={clear}
    >
      {children}
      {/* The overlay's element comes and goes inside a wrapper of its own: inserted among the workspace's
          children, it made the browser restyle the whole workspace at each drag start and drop. */}
      <div className="ed-drag-layer">
        <DragOverlay dropAnimation={null}>
          {/* With the keyboard the overlay sits on the drop slot: the chip moves off it, above and to the side. */}
          {overlay ? (
            <div className={`ed-drag-chip${overlay.keyboard ? " ed-drag-chip-keyboard" : ""}`} data-testid="drag-chip">
              {overlay.data.label}
            </div>
          ) : null}
        </DragOverlay>
      </div>
    </DndContext>
  );
}
