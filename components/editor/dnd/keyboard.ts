// Keyboard dragging walks the drop slots in document order (the arrow keys step to the previous or next
// slot), rather than geometric neighbours, so every position is reachable and the order is predictable.
import type { ClientRect, DroppableContainer, KeyboardCoordinateGetter } from "@dnd-kit/core";
import { accepts, type DragData, type DropData, type Side, type Slot } from "./drag-data";
import { axisOf } from "./collision";

const FORWARD = ["ArrowDown", "ArrowRight"];
const BACKWARD = ["ArrowUp", "ArrowLeft"];

type Entry = { container: DroppableContainer; data: DropData };

function documentOrder(a: Entry, b: Entry): number {
  const na = a.container.node.current;
  const nb = b.container.node.current;
  if (!na || !nb || na === nb) return 0;
  return na.compareDocumentPosition(nb) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

/** Every slot the dragged node could go to, in document order, without those that leave it where it is. */
export function keyboardSlots(drag: DragData, containers: DroppableContainer[]): Slot[] {
  const entries: Entry[] = [];
  for (const container of containers) {
    const data = container.data.current as DropData | undefined;
    if (data && !container.disabled && accepts(drag, data)) entries.push({ container, data });
  }
  const items = entries.filter((e) => e.data.role === "item").sort(documentOrder);
  const slots: Slot[] = [];
  const activeNodeId = drag.source === "node" ? drag.nodeId : null;
  for (const entry of entries.filter((e) => e.data.role === "into").sort(documentOrder)) {
    const children = items.filter((i) => i.data.role === "item" && i.data.parentId === entry.data.nodeId);
    if (children.length === 0) {
      slots.push({ targetId: String(entry.container.id), side: "inside" });
      continue;
    }
    children.forEach((child, index) => {
      const childId = (child.data as { nodeId: string }).nodeId;
      if (index === 0 && childId !== activeNodeId) slots.push({ targetId: String(child.container.id), side: "before" });
      const nextId = index + 1 < children.length ? (children[index + 1].data as { nodeId: string }).nodeId : null;
      // "After the active node" and "after the node just before it" both leave it in place.
      if (childId !== activeNodeId && nextId !== activeNodeId) slots.push({ targetId: String(child.container.id), side: "after" });
    });
  }
  return slots;
}

function pointFor(rect: ClientRect, side: Side, axis: "x" | "y") {
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (side === "inside") return { x, y };
  const f = side === "before" ? 0.25 : 0.75;
  return axis === "y" ? { x, y: rect.top + rect.height * f } : { x: rect.left + rect.width * f, y };
}

export const slotKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = FORWARD.includes(event.code);
  if (!forward && !BACKWARD.includes(event.code)) return undefined;
  event.preventDefault();
  const { active, collisionRect, droppableRects, droppableContainers, collisions } = context;
  const drag = active?.data.current as DragData | undefined;
  if (!drag || !collisionRect) return undefined;
  const slots = keyboardSlots(drag, droppableContainers.getEnabled());
  if (slots.length === 0) return undefined;
  const current = collisions?.[0];
  let index = slots.findIndex((s) => s.targetId === String(current?.id) && s.side === current?.data?.side);
  let next: Slot | undefined;
  if (index !== -1) {
    next = slots[forward ? Math.min(index + 1, slots.length - 1) : Math.max(index - 1, 0)];
  } else if (drag.source === "node") {
    // Not yet moved: the node stands between the slots before it and those after it.
    const activeNode = droppableContainers.get(current?.id ?? "")?.node.current ?? null;
    index = slots.findIndex((s) => follows(droppableContainers.get(s.targetId)?.node.current, activeNode));
    if (index === -1) index = slots.length;
    next = forward ? slots[index] : slots[index - 1];
  } else {
    next = forward ? slots[0] : slots[slots.length - 1];
  }
  if (!next) return undefined;
  const rect = droppableRects.get(next.targetId);
  if (!rect) return undefined;
  const p = pointFor(rect, next.side, axisOf(drag));
  return { x: p.x - collisionRect.width / 2, y: p.y - collisionRect.height / 2 };
};

function follows(node: HTMLElement | null | undefined, reference: HTMLElement | null): boolean {
  if (!node || !reference) return false;
  return !!(reference.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) && !reference.contains(node);
}
