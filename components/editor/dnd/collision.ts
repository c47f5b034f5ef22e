// Where a drag would land: the innermost accepting target under the pointer (or, for the keyboard, under
// the dragged item's centre), turned into a slot: before/after a sibling, or inside an empty container.
import type { ClientRect, Collision, CollisionDetection, DroppableContainer } from "@dnd-kit/core";
import { accepts, type DragData, type DropData, type Side } from "./drag-data";

type Point = { x: number; y: number };

const centre = (rect: ClientRect): Point => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
const contains = (rect: ClientRect, p: Point) => p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom;
function distance(rect: ClientRect, p: Point): number {
  const dx = Math.max(rect.left - p.x, 0, p.x - rect.right);
  const dy = Math.max(rect.top - p.y, 0, p.y - rect.bottom);
  return Math.hypot(dx, dy);
}

export function axisOf(drag: DragData): "x" | "y" {
  return drag.kind === "column" ? "x" : "y";
}

export function sideOf(rect: ClientRect, point: Point, axis: "x" | "y"): Side {
  return point[axis] < centre(rect)[axis] ? "before" : "after";
}

export const editorCollision: CollisionDetection = ({ active, collisionRect, droppableRects, droppableContainers, pointerCoordinates }) => {
  const drag = active.data.current as DragData | undefined;
  if (!drag) return [];
  const point = pointerCoordinates ?? centre(collisionRect);
  const axis = axisOf(drag);
  const candidates: { container: DroppableContainer; data: DropData; rect: ClientRect }[] = [];
  for (const container of droppableContainers) {
    const data = container.data.current as DropData | undefined;
    const rect = droppableRects.get(container.id);
    if (data && rect && accepts(drag, data)) candidates.push({ container, data, rect });
  }
  let hit: (typeof candidates)[number] | undefined;
  let nearest: (typeof candidates)[number] | undefined;
  let nearestDistance = Infinity;
  for (const c of candidates) {
    if (contains(c.rect, point)) {
      if (!hit || c.rect.width * c.rect.height < hit.rect.width * hit.rect.height) hit = c;
    } else {
      const d = distance(c.rect, point);
      if (d < nearestDistance) [nearest, nearestDistance] = [c, d];
    }
  }
  let target = hit ?? nearest;
  if (!target) return [];
  let side: Side = "inside";
  if (target.data.role === "into") {
    // Between children of a container: the closest child along the axis decides the slot.
    const containerId = target.data.nodeId;
    const children = candidates.filter((c) => c.data.role === "item" && c.data.parentId === containerId);
    if (children.length > 0) {
      target = children.reduce((best, c) => (Math.abs(centre(c.rect)[axis] - point[axis]) < Math.abs(centre(best.rect)[axis] - point[axis]) ? c : best));
      side = sideOf(target.rect, point, axis);
    }
  } else {
    side = sideOf(target.rect, point, axis);
  }
  const collision: Collision = { id: target.container.id, data: { droppableContainer: target.container, value: 0, side } };
  return [collision];
};
