// Keyboard dragging walks the drop slots in document order (the arrow keys step to the previous or next
// slot), rather than geometric neighbours, so every position is reachable and the order is predictable.
// The slot chosen here is the drop slot itself: no hit test maps the moved overlay back to a slot.
import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import type { DragData, Side } from "./drag-data";
import { axisOf, type Slot } from "./hit-test";
import type { Container } from "./targets";

const FORWARD = ["ArrowDown", "ArrowRight"];
const BACKWARD = ["ArrowUp", "ArrowLeft"];

/** Every slot the dragged node could go to, in document order, without those that leave it where it is. */
export function keyboardSlots(containers: Container[], activeNodeId: string | null): Slot[] {
  const slots: Slot[] = [];
  for (const container of containers) {
    const children = container.items;
    if (children.length === 0) {
      slots.push({ target: container, side: "inside" });
      continue;
    }
    children.forEach((child, index) => {
      const childId = child.drop.nodeId;
      if (index === 0 && childId !== activeNodeId) slots.push({ target: child, side: "before" });
      const nextId = index + 1 < children.length ? children[index + 1].drop.nodeId : null;
      // "After the active node" and "after the node just before it" both leave it in place.
      if (childId !== activeNodeId && nextId !== activeNodeId) slots.push({ target: child, side: "after" });
    });
  }
  return slots;
}

/** What the keyboard drag needs from the editor's drag session. */
export type KeyboardSession = { drag: DragData; containers: Container[]; source: HTMLElement | null; chosen: Slot | null };

function pointFor(rect: DOMRect, side: Side, axis: "x" | "y") {
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (side === "inside") return { x, y };
  const f = side === "before" ? 0.25 : 0.75;
  return axis === "y" ? { x, y: rect.top + rect.height * f } : { x: rect.left + rect.width * f, y };
}

/** Steps `session.chosen` to the next slot and returns where the overlay goes to show it. */
export function slotKeyboardCoordinates(
  event: KeyboardEvent,
  { context }: Parameters<KeyboardCoordinateGetter>[1],
  session: KeyboardSession | null,
): ReturnType<KeyboardCoordinateGetter> {
  const forward = FORWARD.includes(event.code);
  if (!forward && !BACKWARD.includes(event.code)) return undefined;
  event.preventDefault();
  if (!session || !context.collisionRect) return undefined;
  const { drag, chosen } = session;
  const slots = keyboardSlots(session.containers, drag.source === "node" ? drag.nodeId : null);
  if (slots.length === 0) return undefined;
  let index = chosen ? slots.findIndex((s) => s.target === chosen.target && s.side === chosen.side) : -1;
  let next: Slot | undefined;
  if (index !== -1) {
    next = slots[forward ? Math.min(index + 1, slots.length - 1) : Math.max(index - 1, 0)];
  } else if (session.source) {
    // Not yet moved: the node stands between the slots before it and those after it.
    index = slots.findIndex((s) => follows(s.target.element, session.source!));
    if (index === -1) index = slots.length;
    next = forward ? slots[index] : slots[index - 1];
  } else {
    next = forward ? slots[0] : slots[slots.length - 1];
  }
  if (!next) return undefined;
  session.chosen = next;
  return chipPlace(next.target.element.getBoundingClientRect(), next.side, axisOf(drag), window.innerWidth);
}

const CHIP_GAP = 16;
const CHIP_ROOM = 220;

/**
 * Where the overlay (the chip at its top-left) goes for a slot: beside the target, level with the slot's
 * edge, never over the target or its drop indicator; to the right when there is room, else to the left.
 */
export function chipPlace(
  rect: Pick<DOMRect, "left" | "right" | "top" | "bottom" | "width" | "height">,
  side: Side,
  axis: "x" | "y",
  viewportWidth: number,
) {
  const p = pointFor(rect as DOMRect, side, axis);
  const y = axis === "y" && side !== "inside" ? (side === "before" ? rect.top : rect.bottom) : p.y;
  const right = rect.right + CHIP_GAP;
  const x = right + CHIP_ROOM <= viewportWidth ? right : Math.max(0, rect.left - CHIP_GAP - CHIP_ROOM);
  return { x, y: y - 14 };
}

function follows(node: HTMLElement, reference: HTMLElement): boolean {
  return !!(reference.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) && !reference.contains(node);
}
