// Merge tags in stored HTML are plain text ([[contact.first_name | there]]), what the renderer reads.
// In the browser they become elements: chips on the canvas, and the editor's atomic merge-tag nodes.
import { MERGE_TAG_PATTERN, mergeTagLabel, mergeTagText } from "@/lib/templates/merge-tags";

const SKIP = new Set(["SCRIPT", "STYLE", "TEXTAREA", "CODE"]);

/** Replaces every tag in the text under `root` with the element `make` returns for it. */
export function replaceMergeTags(root: Element, make: (path: string, fallback: string | undefined, raw: string) => Element) {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement && SKIP.has(node.parentElement.tagName) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node as Text).data.includes("[[")) texts.push(node as Text);
  for (const text of texts) {
    const value = text.data;
    const parts: Node[] = [];
    let last = 0;
    for (const m of value.matchAll(MERGE_TAG_PATTERN)) {
      if (m.index > last) parts.push(doc.createTextNode(value.slice(last, m.index)));
      parts.push(make(m[1], m[2] || undefined, m[0]));
      last = m.index + m[0].length;
    }
    if (parts.length === 0) continue;
    if (last < value.length) parts.push(doc.createTextNode(value.slice(last)));
    text.replaceWith(...parts);
  }
}

/** A chip's visible words: the tag's label, and its fallback after a dot. */
export function chipText(path: string, fallback: string | undefined): string {
  return fallback ? `${mergeTagLabel(path)} · ${fallback}` : mergeTagLabel(path);
}

/** The canvas chip of a tag (not editable; its title is the tag as written). */
export function chipElement(doc: Document, path: string, fallback: string | undefined, raw: string): HTMLElement {
  const chip = doc.createElement("span");
  chip.className = "ed-tag-chip";
  chip.setAttribute("data-merge-tag", path);
  if (fallback) chip.setAttribute("data-fallback", fallback);
  chip.title = raw;
  chip.textContent = chipText(path, fallback);
  return chip;
}

/** HTML for the editor: each tag as <span data-merge-tag data-fallback>, which the merge-tag node parses. */
export function htmlWithTagElements(html: string): string {
  if (typeof DOMParser === "undefined" || !html.includes("[[")) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  replaceMergeTags(doc.body, (path, fallback, raw) => chipElement(doc, path, fallback, raw));
  return doc.body.innerHTML;
}

/** The inverse for saving: each <span data-merge-tag> of the editor's HTML back to the tag text the renderer reads. */
export function htmlWithTagText(html: string): string {
  if (typeof DOMParser === "undefined" || !html.includes("data-merge-tag")) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const el of doc.body.querySelectorAll<HTMLElement>("span[data-merge-tag]")) {
    el.replaceWith(doc.createTextNode(mergeTagText(el.dataset.mergeTag ?? "", el.dataset.fallback)));
  }
  return doc.body.innerHTML;
}
