// Text blocks are HTML that anyone with write access (or an import) supplied; the canvas shows it inside
// the dashboard's origin, so it goes through an allowlist first: no scripts, no event handlers, no
// script-bearing URLs. (The server render is shown in a sandboxed iframe instead.)
import { chipElement, replaceMergeTags } from "../rich-text/merge-tag-dom";

const TAGS = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "a",
  "span",
  "ul",
  "ol",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "sub",
  "sup",
  "code",
  "div",
  "font",
  "small",
  "mark",
  "hr",
]);
const ATTRIBUTES = new Set(["href", "style", "target", "rel", "align", "title", "color", "class"]);
const SAFE_URL = /^(?:https?:|mailto:|tel:|#|\[\[|\/)/i;

export function sanitizeRichText(html: string): string {
  if (typeof DOMParser === "undefined") return "";
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  clean(doc.body);
  // Merge tags read as chips ("First name · there"), as in the text editor.
  replaceMergeTags(doc.body, (path, fallback, raw) => chipElement(doc, path, fallback, raw));
  return doc.body.innerHTML;
}

function clean(parent: Element) {
  for (const child of Array.from(parent.children)) {
    const tag = child.tagName.toLowerCase();
    if (!TAGS.has(tag)) {
      if (["script", "style", "iframe", "object", "embed", "template", "noscript", "svg", "math"].includes(tag)) child.remove();
      else {
        clean(child);
        child.replaceWith(...Array.from(child.childNodes));
      }
      continue;
    }
    for (const attribute of Array.from(child.attributes)) {
      const name = attribute.name.toLowerCase();
      if (!ATTRIBUTES.has(name) || (name === "href" && !SAFE_URL.test(attribute.value.trim()))) child.removeAttribute(attribute.name);
    }
    if (tag === "a") {
      child.setAttribute("rel", "noopener noreferrer");
      // Links are the email's content here, not the editor's controls: out of the tab order (the canvas
      // is one tab stop), and a click selects the block instead of following them (canvas.tsx).
      child.setAttribute("tabindex", "-1");
    }
    clean(child);
  }
}
