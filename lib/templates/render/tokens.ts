// Placeholder tokens: the expensive MJML → HTML step runs once per template (and recipient shape) with
// tokens where recipient values go; each recipient then costs one string substitution.
import { randomBytes } from "node:crypto";
import { decodeEntities, escapeHtml, findTags, safeUrl, unknownTagReason, type TagScope } from "./tags";

/**
 * text: HTML text or attribute content (escaped); url: a whole link (only safe schemes, escaped);
 * urlPart: a piece of a link after its start (percent-encoded).
 */
export type TokenKind = "text" | "url" | "urlPart";
export type TokenSpec = { path: string; fallback: string; kind: TokenKind };
export type Warning = {
  code: "unknown-tag" | "mjml" | "product-skipped";
  message: string;
  pointer?: string;
  tag?: string;
  productID?: string;
};

// Random per process, so a template cannot spell a token and read another value through it.
const NONCE = randomBytes(4).toString("hex");
const TOKEN = new RegExp(`ink${NONCE}t(\\d+)x`, "gi");

/** Where tags are being read: which namespaces exist and how to remap item.* to the current list item. */
export type TagContext = TagScope & { pointer: string; itemPrefix?: string };

export class Tokenizer {
  readonly specs: TokenSpec[] = [];
  readonly warnings: Warning[] = [];
  private readonly index = new Map<string, number>();

  /** A token for an internal or contact path. */
  token(path: string, kind: TokenKind, fallback = ""): string {
    const key = `${kind}\u0000${path}\u0000${fallback}`;
    let n = this.index.get(key);
    if (n === undefined) {
      n = this.specs.push({ path, fallback, kind }) - 1;
      this.index.set(key, n);
    }
    return `ink${NONCE}t${n}x`;
  }

  /** HTML content: every [[tag]] becomes a token; static markup is kept, an unknown tag's default is escaped. */
  tags(html: string, ctx: TagContext): string {
    return this.replace(html, ctx, "text", true, escapeHtml);
  }

  /**
   * Plain text (a label, an alt text, a piece of a link): the result is raw text with tokens, for the
   * caller to escape where it places it. Unknown tags become a warning and their default (or nothing):
   * they never reach a recipient raw.
   */
  plain(text: string, ctx: TagContext, kind: Exclude<TokenKind, "url"> = "text"): string {
    return this.replace(text, ctx, kind, false, (fallback) => (kind === "urlPart" ? encodeURIComponent(fallback) : fallback));
  }

  /** A link field: a tag at its very start fills the whole URL (scheme checked); later tags are encoded. */
  link(value: string, ctx: TagContext): string {
    const trimmed = value.trim();
    const first = findTags(trimmed)[0];
    if (!first || first.index !== 0) return this.plain(trimmed, ctx, "urlPart");
    const reason = unknownTagReason(first, ctx);
    let head: string;
    if (reason) {
      this.warn(first.raw, `${reason}; the link renders as "#"`, ctx);
      head = "#";
    } else {
      head = this.token(this.mapItem(first.path, ctx), "url", first.fallback ?? "");
    }
    return head + this.plain(trimmed.slice(first.raw.length), ctx, "urlPart");
  }

  /** `html`: the text is markup, so a default is decoded once here and escaped once when filled. */
  private replace(text: string, ctx: TagContext, kind: TokenKind, html: boolean, fallbackOut: (f: string) => string): string {
    if (!text.includes("[[")) return text;
    let out = "";
    let last = 0;
    for (const tag of findTags(text)) {
      out += text.slice(last, tag.index);
      last = tag.index + tag.raw.length;
      const fallback = html ? decodeEntities(tag.fallback ?? "") : (tag.fallback ?? "");
      const reason = unknownTagReason(tag, ctx);
      if (reason) {
        this.warn(tag.raw, `${reason}; it renders as ${fallback ? `its default "${fallback}"` : "nothing"}`, ctx);
        out += fallbackOut(fallback);
      } else {
        out += this.token(this.mapItem(tag.path, ctx), kind, fallback);
      }
    }
    return out + text.slice(last);
  }

  private warn(tag: string, why: string, ctx: TagContext): void {
    this.warnings.push({ code: "unknown-tag", tag, message: `${tag} ${why}`, pointer: ctx.pointer });
  }

  private mapItem(path: string, ctx: TagContext): string {
    return ctx.itemPrefix && path.startsWith("item.") ? ctx.itemPrefix + path.slice("item".length) : path;
  }
}

export type Resolve = (path: string) => string | undefined;

function valueFor(spec: TokenSpec, resolve: Resolve): string {
  return resolve(spec.path) ?? spec.fallback;
}

/**
 * Compiled text cut at its tokens once (when it is compiled), so that filling it for a recipient is a
 * concatenation instead of a regular-expression pass over the whole HTML. `parts` holds the text between
 * tokens (one more than `slots`), `slots` the token numbers in order, `partBytes` the parts' UTF-8 size.
 */
export type Split = { readonly parts: readonly string[]; readonly slots: readonly number[]; readonly partBytes: number };

export function splitTokens(text: string): Split {
  // split() with a capturing group puts the token numbers at the odd places.
  const pieces = text.split(TOKEN);
  const parts: string[] = [];
  const slots: number[] = [];
  let partBytes = 0;
  for (let i = 0; i < pieces.length; i++) {
    if (i % 2 === 1) slots.push(Number(pieces[i]));
    else {
      parts.push(pieces[i]);
      partBytes += Buffer.byteLength(pieces[i], "utf8");
    }
  }
  return { parts, slots, partBytes };
}

type Format = (spec: TokenSpec, value: string) => string;

const htmlValue: Format = (spec, value) =>
  spec.kind === "url" ? escapeHtml(safeUrl(value)) : spec.kind === "urlPart" ? escapeHtml(encodeURIComponent(value)) : escapeHtml(value);
const textValue: Format = (spec, value) =>
  spec.kind === "url" ? safeUrl(value) : spec.kind === "urlPart" ? encodeURIComponent(value) : value;

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Each token's value is resolved and formatted once, however often the token appears. `bytes` is the
 * result's UTF-8 size (Buffer.byteLength's count) from the parts' size and the values': a lone high
 * surrogate meeting a lone low one across a seam is one 4-byte character, not two 3-byte replacements.
 */
function fillSplit(split: Split, specs: readonly TokenSpec[], resolve: Resolve, format: Format): { text: string; bytes: number } {
  const values: (string | undefined)[] = new Array(specs.length);
  const valueBytes: number[] = new Array(specs.length);
  const { parts, slots } = split;
  let out = parts[0];
  let bytes = split.partBytes;
  let last = out.length ? out.charCodeAt(out.length - 1) : -1;
  const seam = (piece: string) => {
    if (!piece.length) return;
    if (isHigh(last) && isLow(piece.charCodeAt(0))) bytes -= 2;
    last = piece.charCodeAt(piece.length - 1);
  };
  for (let i = 0; i < slots.length; i++) {
    const n = slots[i];
    let value = values[n];
    if (value === undefined) {
      const spec = specs[n];
      value = values[n] = format(spec, valueFor(spec, resolve));
      valueBytes[n] = Buffer.byteLength(value, "utf8");
    }
    const part = parts[i + 1];
    bytes += valueBytes[n];
    seam(value);
    seam(part);
    out += value + part;
  }
  return { text: out, bytes };
}

/** Fills the tokens of compiled HTML for one recipient; `bytes`: the HTML's UTF-8 size. */
export function fillHtmlSplit(split: Split, specs: readonly TokenSpec[], resolve: Resolve): { html: string; bytes: number } {
  const { text, bytes } = fillSplit(split, specs, resolve, htmlValue);
  return { html: text, bytes };
}

/** Fills the tokens of the plain-text part: no escaping, links still checked; empty links are dropped. */
export function fillTextSplit(split: Split, specs: readonly TokenSpec[], resolve: Resolve): string {
  return fillSplit(split, specs, resolve, textValue).text.replace(/ ?<#>/g, "");
}

export function fillHtml(html: string, specs: readonly TokenSpec[], resolve: Resolve): string {
  return fillHtmlSplit(splitTokens(html), specs, resolve).html;
}

export function fillText(text: string, specs: readonly TokenSpec[], resolve: Resolve): string {
  return fillTextSplit(splitTokens(text), specs, resolve);
}
