// Moving around the canvas with the keyboard (a tree, as in the WAI-ARIA tree view pattern): the canvas
// is one tab stop, the selected node (or the first section); Down and Up go to the next and previous
// node in reading order, Right into the first child, Left out to the parent, Page Down and Page Up to the
// next and previous section, Home and End to the first and last node. Locked sections (saved layouts'
// content, the badge) are stepped over except for the section itself.
import type { EditorDocument, Section } from "../state/document";
import { isLockedSection } from "../state/rules";

type Entry = { id: string; depth: number; parent: string | null; section: number };

const orders = new WeakMap<Section[], Entry[]>();

/** Every node a person can reach, in reading order (cached per sections array: the reducer keeps it while nothing changes). */
export function readingOrder(doc: EditorDocument): Entry[] {
  const cached = orders.get(doc.sections);
  if (cached) return cached;
  const list: Entry[] = [];
  doc.sections.forEach((section, s) => {
    if (section.type === "badge") return;
    list.push({ id: section.id, depth: 0, parent: null, section: s });
    if (isLockedSection(section)) return;
    for (const row of section.rows ?? []) {
      list.push({ id: row.id, depth: 1, parent: section.id, section: s });
      for (const column of row.columns ?? []) {
        list.push({ id: column.id, depth: 2, parent: row.id, section: s });
        for (const block of column.blocks ?? []) list.push({ id: block.id, depth: 3, parent: column.id, section: s });
      }
    }
  });
  orders.set(doc.sections, list);
  return list;
}

/** The node holding the canvas' one tab stop. */
export function tabStopId(doc: EditorDocument, selectedId: string | null): string | null {
  return selectedId ?? readingOrder(doc)[0]?.id ?? null;
}

export const NAVIGATION_KEYS = new Set(["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageDown", "PageUp"]);

/** Where a navigation key goes from `id`, or null when it goes nowhere. */
export function navigate(doc: EditorDocument, id: string, key: string): string | null {
  const list = readingOrder(doc);
  const index = list.findIndex((e) => e.id === id);
  if (index === -1) return list[0]?.id ?? null;
  const here = list[index];
  switch (key) {
    case "ArrowDown":
      return list[index + 1]?.id ?? null;
    case "ArrowUp":
      return list[index - 1]?.id ?? null;
    case "ArrowRight": {
      const next = list[index + 1];
      return next && next.parent === here.id ? next.id : null;
    }
    case "ArrowLeft":
      return here.parent;
    case "Home":
      return list[0]?.id ?? null;
    case "End":
      return list[list.length - 1]?.id ?? null;
    case "PageDown":
      return list.slice(index + 1).find((e) => e.depth === 0)?.id ?? null;
    case "PageUp": {
      const start = list.findLastIndex((e, i) => i <= index && e.depth === 0);
      const target = start === index ? list.slice(0, index).findLast((e) => e.depth === 0) : list[start];
      return target?.id ?? null;
    }
    default:
      return null;
  }
}
