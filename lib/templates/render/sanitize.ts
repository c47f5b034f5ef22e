// User HTML (text and htmlCode blocks) through an allowlist fit for email: the tags and attributes
// mail clients understand, no scripts, no event handlers, no javascript: or data: URLs.
import sanitizeHtml from "sanitize-html";

const TAGS = [
  "a",
  "abbr",
  "b",
  "blockquote",
  "br",
  "caption",
  "center",
  "code",
  "col",
  "colgroup",
  "dd",
  "del",
  "div",
  "dl",
  "dt",
  "em",
  "font",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "ins",
  "li",
  "ol",
  "p",
  "pre",
  "s",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "u",
  "ul",
];

const COMMON = ["style", "class", "align", "dir", "lang", "title", "width", "height", "bgcolor", "valign"];

// Declarations that ever ran code or pulled remote behaviour in some client.
const UNSAFE_CSS = /expression\s*\(|javascript:|vbscript:|behavior\s*:|-moz-binding|@import|url\s*\(\s*['"]?\s*(?!https?:)/i;

function cleanInlineStyle(style: string): string {
  return style
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d && /^[a-z-]+\s*:/i.test(d) && !UNSAFE_CSS.test(d) && !/[<>]/.test(d))
    .join("; ");
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    "*": COMMON,
    a: [...COMMON, "href", "name", "target", "rel"],
    img: [...COMMON, "src", "alt", "border"],
    table: [...COMMON, "border", "cellpadding", "cellspacing", "role"],
    td: [...COMMON, "colspan", "rowspan"],
    th: [...COMMON, "colspan", "rowspan", "scope"],
    font: [...COMMON, "color", "face", "size"],
    ol: [...COMMON, "start", "type"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Script and style contents are dropped whole, not unwrapped into text.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head"],
  transformTags: {
    "*": (tagName, attribs) => {
      if (attribs.style !== undefined) {
        const style = cleanInlineStyle(attribs.style);
        if (style) attribs.style = style;
        else delete attribs.style;
      }
      return { tagName, attribs };
    },
  },
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** CSS of an htmlCode block: it goes into a <style> element, so nothing may end that element or run code. */
export function sanitizeEmailCss(css: string): string {
  return css
    .replace(/<\/?\s*style/gi, "")
    .replace(/</g, "")
    .replace(/@import[^;]*;?/gi, "")
    .replace(/expression\s*\(/gi, "(")
    .replace(/(?:javascript|vbscript):/gi, "")
    .replace(/behavior\s*:/gi, "")
    .replace(/-moz-binding/gi, "");
}
