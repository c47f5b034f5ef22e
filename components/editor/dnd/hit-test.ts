// Where a pointer drag would land: the accepting container under the pointer (or the nearest one),
// then the slot inside it: before/after the child under the pointer or nearest along the container's
// axis, or inside it when it is empty. Reads the rectangles of the containers and of one container's
// children, fresh on each move (so scrolling during the drag needs no bookkeeping).
import type { DragData, Side } from "./drag-data";
import type { Container, DropTarget } from "./targets";

export type Point = { x: number; y: number };
export type Slot = { target: DropTarget; side: Side };

const centre = (rect: DOMRect): Point => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
const contains = (rect: DOMRect, p: Point) => p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom;
function distance(rect: DOMRect, p: Point): number {
  const dx = Math.max(rect.left - p.x, 0, p.x - rect.right);
  const dy = Math.max(rect.top - p.y, 0, p.y - rect.bottom);
  return Math.hypot(dx, dy);
}

export function axisOf(drag: DragData): "x" | "y" {
  return drag.kind === "column" ? "x" : "y";
}

function sideOf(rect: DOMRect, point: Point, axis: "x" | "y"): Side {
  return point[axis] < centre(rect)[axis] ? "before" : "after";
}

export function slotAt(containers: Container[], point: Point, axis: "x" | "y"): Slot | null {
  let hit: Container | undefined;
  let hitArea = Infinity;
  let nearest: Container | undefined;
  let nearestDistance = Infinity;
  for (const container of containers) {
    const rect = container.element.getBoundingClientRect();
    if (contains(rect, point)) {
      const area = rect.width * rect.height;
      if (area < hitArea) [hit, hitArea] = [container, area];
    } else {
      const d = distance(rect, point);
      if (d < nearestDistance) [nearest, nearestDistance] = [container, d];
    }
  }
  const container = hit ?? nearest;
  if (!container) return null;
  if (container.items.length === 0) return { target: container, side: "inside" };
  let best: { item: DropTarget; rect: DOMRect; gap: number } | undefined;
  for (const item of container.items) {
    const rect = item.element.getBoundingClientRect();
    if (contains(rect, point)) return { target: item, side: sideOf(rect, point, axis) };
    const gap = Math.abs(centre(rect)[axis] - point[axis]);
    if (!best || gap < best.gap) best = { item, rect, gap };
  }
  return { target: best!.item, side: sideOf(best!.rect, point, axis) };
}
