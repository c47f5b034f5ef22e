// Imported HTML → editable sections, rows, columns and blocks, where the structure allows: nested layout
// tables and divs become sections, rows and columns; p, h1-h6 and lists become text; img an image; an
// anchor styled as a button a button; hr a line. What cannot be mapped (a data table, a form, columns
// inside a column, hidden text) is kept whole in an HTML code block, never dropped.
//
// The stylesheet has been inlined (juice) before this runs, so what classes said is in style attributes.
import { parseFragment, serializeOuter, type DefaultTreeAdapterMap } from "parse5";
import { newId } from "@/lib/ids";
import type { Block, Row, Section } from "@/lib/templates/schema";
import { alignOf, attr, backgroundOf, colour, fontSizeOf, lengthOf, pixels, styleOf, validStyles } from "./css";

type Node = DefaultTreeAdapterMap["childNode"];
type Element = DefaultTreeAdapterMap["element"];
type ParentNode = DefaultTreeAdapterMap["parentNode"];

/** What surrounds a node: inherited text styles, the background painted behind it, the link around it. */
type Context = {
  bg?: string;
  color?: string;
  fontFamily?: string;
  fontSize?: string;
  lineHeight?: string;
  align?: string;
  link?: string;
  inColumn: boolean;
};

type Item =
  | { kind: "text"; html: string }
  | { kind: "block"; block: Block }
  | { kind: "columns"; row: Row }
  /** content on its own background: a section of its own at the top level, a row with that background inside one */
  | { kind: "band"; bg: string; items: Item[] };

export type KeptAsHtml = { blockId: string; reason: string };

const INLINE = new Set([
  "span",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "a",
  "br",
  "font",
  "small",
  "big",
  "sup",
  "sub",
  "code",
  "s",
  "strike",
  "abbr",
  "mark",
  "del",
  "ins",
  "label",
  "q",
  "cite",
  "time",
  "wbr",
  "tt",
  "var",
  "kbd",
  "samp",
  "bdi",
  "bdo",
]);
const TEXT = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "pre", "dl", "address"]);
const UNMAPPABLE = new Set([
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "iframe",
  "video",
  "audio",
  "object",
  "embed",
  "svg",
  "canvas",
  "map",
  "script",
  "noscript",
  "picture",
  "math",
  "template",
  "details",
]);
const SKIP = new Set(["head", "meta", "title", "link", "base"]);
const MAX_COLUMNS = 6;

const isElement = (n: Node | ParentNode): n is Element => "tagName" in n;
const isText = (n: Node): n is DefaultTreeAdapterMap["textNode"] => n.nodeName === "#text";

function textContent(n: Node | Element): string {
  if (isText(n as Node)) return (n as DefaultTreeAdapterMap["textNode"]).value;
  return "childNodes" in n ? (n.childNodes as Node[]).map(textContent).join("") : "";
}

const hasText = (n: Node | Element) => textContent(n).replace(/[\s\u00a0\u200b\u200c\u034f\u00ad]+/g, "") !== "";

function descendants(el: Element, test: (e: Element) => boolean): boolean {
  return el.childNodes.some((c) => isElement(c) && (test(c) || descendants(c, test)));
}

/** Content a reader would see: text, an image, a rule, or something kept as HTML. */
function hasContent(n: Node): boolean {
  if (isText(n)) return hasText(n);
  if (!isElement(n)) return false;
  if (SKIP.has(n.tagName) || n.tagName === "style") return false;
  if (n.tagName === "img" || n.tagName === "hr" || UNMAPPABLE.has(n.tagName)) return true;
  return n.childNodes.some(hasContent);
}

function isHidden(el: Element): boolean {
  const s = styleOf(el);
  return (
    s.display === "none" ||
    s["mso-hide"] === "all" ||
    s.visibility === "hidden" ||
    (s["max-height"] === "0" && s.overflow === "hidden") ||
    (s["max-height"] === "0px" && s.overflow === "hidden")
  );
}

const safeLink = (href: string | undefined) => {
  const v = href?.trim();
  return v && !/^\s*(?:javascript|vbscript|data):/i.test(v) && v.length <= 2048 ? v : undefined;
};

export class HtmlToSections {
  readonly kept: KeptAsHtml[] = [];
  readonly styles: string[] = [];

  private htmlBlock(el: Element, reason: string): Item {
    const block: Block = { id: newId(), type: "htmlCode", htmlCode: { style: "", body: wholeHtml(el) } };
    this.kept.push({ blockId: block.id, reason });
    return { kind: "block", block };
  }

  context(el: Element, parent: Context): Context {
    const s = styleOf(el);
    const face = attr(el, "face");
    return {
      bg: backgroundOf(el) ?? parent.bg,
      color: colour(s.color) ?? colour(attr(el, "color")) ?? parent.color,
      fontFamily: s["font-family"]?.replace(/"/g, "'") ?? face ?? parent.fontFamily,
      fontSize: fontSizeOf(s["font-size"]) ?? parent.fontSize,
      lineHeight: s["line-height"] ?? parent.lineHeight,
      align: alignOf(el) ?? parent.align,
      link: parent.link,
      inColumn: parent.inColumn,
    };
  }

  private textStyles(ctx: Context) {
    return validStyles({
      color: ctx.color,
      fontFamily: ctx.fontFamily,
      fontSize: ctx.fontSize,
      lineHeight: ctx.lineHeight,
      alignment: ctx.align,
    });
  }

  private image(el: Element, ctx: Context): Item {
    let src = attr(el, "src")?.trim() ?? "";
    if (src.startsWith("//")) src = `https:${src}`;
    if (!/^(?:https?:\/\/|\/(?!\/)|\[\[)/i.test(src) || src.length > 2048)
      return this.htmlBlock(el, "an image with a relative or embedded address");
    const width = pixels(attr(el, "width")) ?? pixels(styleOf(el).width);
    const link = safeLink(ctx.link);
    const block: Block = {
      id: newId(),
      type: "image",
      image: {
        source: src,
        altText: (attr(el, "alt") ?? "").slice(0, 1000),
        ...(link ? { link } : {}),
        ...(width && width >= 1 && width <= 2000 ? { resizeWidth: width } : {}),
      },
    };
    const styles = validStyles({ alignment: ctx.align });
    if (styles) block.styleProperties = styles;
    return { kind: "block", block };
  }

  /** An anchor that looks like a button: a background, or padding with a border or an inline-block box, or a button class. */
  private isButton(a: Element, cellBg?: string): boolean {
    if (!hasText(a) || descendants(a, (e) => e.tagName === "img" || TEXT.has(e.tagName) || e.tagName === "table")) return false;
    const s = styleOf(a);
    const padded = !!(s.padding || s["padding-top"] || s["padding-left"]);
    return (
      !!backgroundOf(a) ||
      !!cellBg ||
      (padded && (!!s.border || !!s["border-radius"] || s.display === "inline-block" || s.display === "block")) ||
      /\b(?:btn|button|cta)\b/i.test(attr(a, "class") ?? "")
    );
  }

  private button(a: Element, ctx: Context, holder?: Element): Item {
    const s = styleOf(a);
    const hs = holder ? styleOf(holder) : {};
    const link = safeLink(attr(a, "href"));
    const block: Block = {
      id: newId(),
      type: "button",
      button: { text: textContent(a).replace(/\s+/g, " ").trim().slice(0, 1000), ...(link ? { link } : {}) },
    };
    const radius = lengthOf(s["border-radius"]) ?? lengthOf(hs["border-radius"]);
    const styles = validStyles({
      backgroundColor: backgroundOf(a) ?? (holder ? backgroundOf(holder) : undefined),
      color: colour(s.color),
      borderRadius: radius,
      fontSize: fontSizeOf(s["font-size"]),
      fontFamily: s["font-family"]?.replace(/"/g, "'"),
      fontWeight: s["font-weight"],
      alignment: (holder ? alignOf(holder) : undefined) ?? ctx.align,
    });
    if (styles) block.styleProperties = styles;
    return { kind: "block", block };
  }

  /** A table, cell or div whose only content is one anchor, painted as a button (the "bulletproof button"). */
  buttonHolder(el: Element): { a: Element; holder: Element } | null {
    const anchors: Element[] = [];
    let other = false;
    const walk = (n: Element) => {
      for (const c of n.childNodes) {
        if (isText(c)) {
          if (hasText(c)) other = true;
        } else if (isElement(c)) {
          if (c.tagName === "a") anchors.push(c);
          else if (c.tagName === "img" || c.tagName === "hr" || UNMAPPABLE.has(c.tagName)) other = true;
          else walk(c);
        }
      }
    };
    walk(el);
    if (other || anchors.length !== 1) return null;
    const a = anchors[0];
    // the painted box: the nearest element between el and the anchor (or el) with a background
    let holder: Element | null = null;
    const find = (n: Element): boolean => {
      if (n === a) return true;
      for (const c of n.childNodes)
        if (isElement(c) && find(c)) {
          if (!holder && backgroundOf(n)) holder = n;
          return true;
        }
      return false;
    };
    find(el);
    if (!holder && !backgroundOf(a)) return null;
    return this.isButton(a, holder ? backgroundOf(holder) : undefined) ? { a, holder: holder ?? el } : null;
  }

  private line(el: Element): Item {
    const s = styleOf(el);
    const border = s["border-top"] ?? s.border ?? "";
    const thickness =
      pixels(border.split(/\s+/).find((p) => /^\d/.test(p))) ??
      pixels(s["border-top-width"]) ??
      pixels(attr(el, "size")) ??
      pixels(s.height) ??
      1;
    const color =
      border
        .split(/\s+(?![^(]*\))/)
        .map(colour)
        .find(Boolean) ??
      colour(s["border-top-color"]) ??
      colour(s["border-color"]) ??
      colour(attr(el, "color")) ??
      colour(s["background-color"]);
    const block: Block = {
      id: newId(),
      type: "lineSpace",
      lineSpace: { type: "line", height: Math.min(Math.max(thickness, 1), 500), lineStyle: "solid" },
    };
    const styles = validStyles({ dividerColor: color });
    if (styles) block.styleProperties = styles;
    return { kind: "block", block };
  }

  /** Cells (td/th) of a row that hold content. */
  contentCells(tr: Element): Element[] {
    return tr.childNodes.filter((c): c is Element => isElement(c) && (c.tagName === "td" || c.tagName === "th") && hasContent(c));
  }

  /** A div laid out as columns: two or more children floated or inline-block (fluid "hybrid" emails). */
  divColumns(el: Element): Element[] | null {
    const children = el.childNodes.filter((c): c is Element => isElement(c) && hasContent(c));
    if (children.length < 2) return null;
    const isColumn = (c: Element) => {
      const s = styleOf(c);
      return (
        s.display === "inline-block" ||
        s.float === "left" ||
        s.float === "right" ||
        s.display === "table-cell" ||
        /\bcol(?:umn)?\b/i.test(attr(c, "class") ?? "")
      );
    };
    return children.every(isColumn) ? children : null;
  }

  private columns(cells: Element[], el: Element, ctx: Context): Item[] {
    if (ctx.inColumn) return [this.htmlBlock(el, "columns inside a column")];
    if (cells.length > MAX_COLUMNS) return [this.htmlBlock(el, `a row of ${cells.length} columns (at most ${MAX_COLUMNS})`)];
    const row: Row = {
      id: newId(),
      columns: cells.map((cell) => {
        const cctx = { ...this.context(cell, ctx), inColumn: true };
        const blocks = this.blocksOf(this.children(cell, cctx), cctx);
        const width = lengthOf(attr(cell, "width")) ?? lengthOf(styleOf(cell).width) ?? lengthOf(styleOf(cell)["max-width"]);
        const bg = backgroundOf(cell);
        const styles = bg && bg !== ctx.bg ? validStyles({ backgroundColor: bg }) : undefined;
        return { id: newId(), ...(width ? { width } : {}), ...(styles ? { styleProperties: styles } : {}), blocks };
      }),
    };
    // Widths that do not add up (a spacer cell left out, mixed units) are left to the renderer to share out.
    const px = row.columns.map((c) => (c.width?.endsWith("px") ? parseInt(c.width, 10) : NaN));
    if (row.columns.some((c) => !c.width) || (px.some(Number.isNaN) && !row.columns.every((c) => c.width?.endsWith("%"))))
      for (const c of row.columns) delete c.width;
    return [{ kind: "columns", row }];
  }

  /** The items of one element (not its siblings). */
  element(el: Element, ctx: Context): Item[] {
    const tag = el.tagName;
    if (SKIP.has(tag) || tag.includes(":")) return tag.includes(":") && hasContent(el) ? this.children(el, ctx) : [];
    if (tag === "style") {
      this.styles.push(textContent(el).trim());
      return [];
    }
    if (!hasContent(el)) return [];
    if (isHidden(el)) return [this.htmlBlock(el, "hidden text (often an inbox preview line)")];
    if (UNMAPPABLE.has(tag)) return [this.htmlBlock(el, `a <${tag}> element`)];
    if (tag === "img") return [this.image(el, ctx)];
    if (tag === "hr") return [this.line(el)];
    if (tag === "table" && descendants(el, (e) => e.tagName === "th")) return [this.htmlBlock(el, "a data table")];

    const own = this.context(el, ctx);
    if (tag === "a") {
      const href = safeLink(attr(el, "href"));
      if (this.isButton(el)) return [this.button(el, own)];
      const onlyImages = !hasText(el) && descendants(el, (e) => e.tagName === "img");
      if (onlyImages || descendants(el, (e) => TEXT.has(e.tagName) || e.tagName === "table" || e.tagName === "div")) {
        return this.children(el, { ...own, link: href ?? own.link });
      }
      return [{ kind: "text", html: `<p>${serializeOuter(el)}</p>` }];
    }
    const blockish = descendants(
      el,
      (e) =>
        e.tagName === "img" ||
        e.tagName === "table" ||
        e.tagName === "hr" ||
        e.tagName === "div" ||
        UNMAPPABLE.has(e.tagName) ||
        (e.tagName === "a" && this.isButton(e)),
    );
    if (TEXT.has(tag) && !blockish) return [{ kind: "text", html: serializeOuter(el) }];
    if (INLINE.has(tag) && !blockish) return [{ kind: "text", html: `<p>${serializeOuter(el)}</p>` }];

    if (tag === "table" || tag === "td" || tag === "div" || tag === "center") {
      const button = this.buttonHolder(el);
      if (button) return [this.button(button.a, own, button.holder)];
    }
    if (tag === "tr") {
      const cells = this.contentCells(el);
      if (cells.length >= 2) return this.band(el, ctx, own, this.columns(cells, el, own));
    }
    if (tag === "div") {
      const cols = this.divColumns(el);
      if (cols) return this.band(el, ctx, own, this.columns(cols, el, own));
    }
    return this.band(el, ctx, own, this.children(el, own));
  }

  /** Content on a background of its own becomes a band (outside columns). */
  private band(el: Element, parent: Context, own: Context, items: Item[]): Item[] {
    const bg = backgroundOf(el);
    if (!parent.inColumn && bg && bg !== parent.bg && items.length > 0) return [{ kind: "band", bg, items }];
    return items;
  }

  /** The items of an element's children, in order; runs of inline content become paragraphs. */
  children(parent: Element, ctx: Context): Item[] {
    const out: Item[] = [];
    let run: Node[] = [];
    const flush = () => {
      if (run.some((n) => hasContent(n)))
        out.push({
          kind: "text",
          html: `<p>${run
            .map((n) => (isElement(n) ? serializeOuter(n) : escapeText(textContent(n))))
            .join("")
            .trim()}</p>`,
        });
      run = [];
    };
    for (const child of parent.childNodes) {
      if (isText(child)) {
        run.push(child);
        continue;
      }
      if (!isElement(child)) continue;
      const inline =
        INLINE.has(child.tagName) &&
        child.tagName !== "a" &&
        !descendants(child, (e) => !INLINE.has(e.tagName) || (e.tagName === "a" && this.isButton(e)));
      const inlineLink = child.tagName === "a" && !this.isButton(child) && !descendants(child, (e) => !INLINE.has(e.tagName));
      if (inline || inlineLink) {
        run.push(child);
        continue;
      }
      flush();
      out.push(...this.element(child, ctx));
    }
    flush();
    return this.mergeTexts(out, ctx);
  }

  /** Consecutive texts of one container become one text block with that container's styles. */
  private mergeTexts(items: Item[], ctx: Context): Item[] {
    const out: Item[] = [];
    let texts: string[] = [];
    const flush = () => {
      if (!texts.length) return;
      const block: Block = { id: newId(), type: "text", text: texts.join("") };
      const styles = this.textStyles(ctx);
      if (styles) block.styleProperties = styles;
      out.push({ kind: "block", block });
      texts = [];
    };
    for (const item of items) {
      if (item.kind === "text") texts.push(item.html);
      else {
        flush();
        out.push(item);
      }
    }
    flush();
    return out;
  }

  /** Items inside a column: blocks only (bands lose their background, columns were kept as HTML). */
  private blocksOf(items: Item[], ctx: Context): Block[] {
    return this.mergeTexts(items, ctx).flatMap((item) => {
      if (item.kind === "block") return [item.block];
      if (item.kind === "band") return this.blocksOf(item.items, ctx);
      return item.kind === "columns" ? item.row.columns.flatMap((c) => c.blocks) : [];
    });
  }

  /** Rows from items: consecutive blocks share a one-column row; bands become rows with their background. */
  rowsOf(items: Item[]): Row[] {
    const rows: Row[] = [];
    let blocks: Block[] = [];
    const flush = () => {
      if (blocks.length) rows.push({ id: newId(), columns: [{ id: newId(), blocks }] });
      blocks = [];
    };
    for (const item of items) {
      if (item.kind === "block") blocks.push(item.block);
      else if (item.kind === "columns") {
        flush();
        rows.push(item.row);
      } else if (item.kind === "band") {
        flush();
        const inner = this.rowsOf(item.items);
        const styles = validStyles({ backgroundColor: item.bg });
        rows.push(...inner.map((r) => (styles && !r.styleProperties ? { ...r, styleProperties: styles } : r)));
      }
    }
    flush();
    return rows;
  }

  /** Top level: a band is a section of its own (with its background); what lies between bands is a plain section. */
  sectionsOf(items: Item[]): Section[] {
    const sections: Section[] = [];
    let plain: Item[] = [];
    const flush = () => {
      const rows = this.rowsOf(plain);
      if (rows.length) sections.push({ id: newId(), rows });
      plain = [];
    };
    for (const item of items) {
      if (item.kind !== "band") {
        plain.push(item);
        continue;
      }
      flush();
      const styles = validStyles({ backgroundColor: item.bg });
      sections.push({ id: newId(), ...(styles ? { styleProperties: styles } : {}), rows: this.rowsOf(item.items) });
    }
    flush();
    return sections;
  }
}

/** An element as HTML that stands on its own: a table row goes inside a copy of its table's start tag. */
function wholeHtml(el: Element): string {
  if (el.tagName !== "tr") return serializeOuter(el);
  let table: ParentNode | null = el.parentNode;
  while (table && isElement(table) && table.tagName !== "table") table = table.parentNode;
  const attrs =
    table && isElement(table)
      ? table.attrs.map((a) => ` ${a.name}="${a.value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`).join("")
      : "";
  return `<table${attrs}><tbody>${serializeOuter(el)}</tbody></table>`;
}

function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
}

export type Converted = {
  sections: Section[];
  /** the page's background, the content column's background and width, when the wrappers say */
  body?: string;
  content?: { backgroundColor?: string; width?: string };
  kept: KeptAsHtml[];
  styles: string[];
};

const WRAPPERS = new Set([
  "table",
  "tbody",
  "tr",
  "td",
  "th",
  "div",
  "center",
  "body",
  "html",
  "span",
  "font",
  "section",
  "article",
  "main",
]);

/** Converts a body's HTML (already inlined) into sections. */
export function htmlToSections(html: string): Converted {
  const converter = new HtmlToSections();
  const root = parseFragment(html) as unknown as Element;
  // Wrappers holding one thing (the full-width table, the centred 600px table, their single cells) are
  // the page and the content column: their backgrounds and width go to the general settings, their text
  // styles to what they hold, and their alignment (which centres the column) to nothing.
  let container: Element = root;
  let ctx: Context = { inColumn: false };
  const backgrounds: string[] = [];
  const preamble: Item[] = [];
  let width: string | undefined;
  for (;;) {
    const inner = container.childNodes.filter((c): c is Element => isElement(c) && (hasContent(c) || c.tagName === "style"));
    if (container.childNodes.some((c) => isText(c) && hasText(c))) break;
    const aside = (c: Element) => c.tagName === "style" || isHidden(c);
    const visible = inner.filter((c) => !aside(c));
    if (visible.length !== 1 || !WRAPPERS.has(visible[0].tagName)) break;
    const next = visible[0];
    if (next.tagName === "tr" && converter.contentCells(next).length >= 2) break;
    if (next.tagName === "div" && converter.divColumns(next)) break;
    if (converter.buttonHolder(next)) break;
    // Hidden text beside the wrapper (an inbox preview line) and style tags: kept, before the content.
    for (const c of inner.filter(aside)) preamble.push(...converter.element(c, ctx));
    const bg = backgroundOf(next);
    if (bg && bg !== backgrounds.at(-1)) backgrounds.push(bg);
    const w = pixels(attr(next, "width")) ?? pixels(styleOf(next)["max-width"]) ?? pixels(styleOf(next).width);
    if (w && w >= 300 && w <= 2000) width = `${w}px`;
    ctx = { ...converter.context(next, ctx), align: undefined };
    container = next;
  }
  const top = [...preamble, ...converter.children(container, ctx)];
  return {
    sections: converter.sectionsOf(top),
    body: backgrounds.length > 1 ? backgrounds[0] : undefined,
    content: { backgroundColor: backgrounds.at(-1), width },
    kept: converter.kept,
    styles: converter.styles.filter(Boolean),
  };
}
