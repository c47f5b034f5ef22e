// The drop targets of one drag, taken from the document when the drag starts: every container that
// accepts the dragged kind, with its element and its children's elements. No node registers itself with
// dnd-kit as a droppable, so starting a drag re-renders no canvas node and measures nothing up front;
// the few rectangles a pointer position needs are read when it moves (see hit-test.ts).
import type { EditorDocument, NodeKind } from "../state/document";
import { isLockedSection, isProductSection } from "../state/rules";
import type { DragData, DropData } from "./drag-data";

export type DropTarget = { element: HTMLElement; drop: DropData };
export type Container = DropTarget & { drop: Extract<DropData, { role: "into" }>; items: DropTarget[] };

/** The canvas element: the container of the sections. */
export const DROP_ROOT_SELECTOR = "[data-drop-root]";

type Child = { id: string };

/** The containers a drag of `drag` may drop into, in document order, with their children in order. */
export function collectTargets(doc: EditorDocument, canvas: HTMLElement, drag: DragData): Container[] {
  const elements = new Map<string, HTMLElement>();
  for (const element of canvas.querySelectorAll<HTMLElement>("[data-node-id]")) elements.set(element.dataset.nodeId!, element);
  const containers: Container[] = [];
  const add = (element: HTMLElement | undefined, nodeId: string | null, kind: NodeKind, children: Child[]) => {
    if (!element) return;
    const items: DropTarget[] = [];
    for (const child of children) {
      const childElement = elements.get(child.id);
      if (childElement) items.push({ element: childElement, drop: { role: "item", kind, nodeId: child.id, parentId: nodeId } });
    }
    containers.push({ element, drop: { role: "into", accepts: kind, nodeId }, items });
  };
  if (drag.kind === "section") {
    // A badge section stays where it is: nothing goes before or after it by dragging.
    add(
      canvas,
      null,
      "section",
      doc.sections.filter((s) => s.type !== "badge"),
    );
    return containers;
  }
  const wantsProduct = drag.blockType === "product";
  for (const section of doc.sections) {
    if (isLockedSection(section)) continue;
    if (drag.kind === "row") {
      add(elements.get(section.id), section.id, "row", section.rows);
      continue;
    }
    if (drag.kind === "block" && isProductSection(section) !== wantsProduct) continue;
    for (const row of section.rows) {
      if (drag.kind === "column") add(elements.get(row.id), row.id, "column", row.columns);
      else for (const column of row.columns) add(elements.get(column.id), column.id, "block", column.blocks);
    }
  }
  return containers;
}
