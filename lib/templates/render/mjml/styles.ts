// Published style properties (camelCase, as in the document) → MJML attributes and inline CSS. Every
// property has a home: font ones on text and buttons, box ones on sections/rows/columns, the rest
// (link colour, text background, inner padding, borders of text blocks) on a wrapper inside mj-text.
import { config } from "@/lib/config";
import type { Preset, StyleProperties } from "@/lib/templates/schema";
import type { Attrs } from "./xml";

export type Styles = Partial<StyleProperties>;

/** Preset styles first, the node's own style properties over them. */
export function mergeStyles(preset: Preset | undefined, own: Styles | undefined): Styles {
  return { ...((preset?.styles ?? {}) as Styles), ...(own ?? {}) };
}

/**
 * A button's styles: a button preset's paddings are its label's (inner) padding; the node's own padding is
 * the outer one. The node's own innerPadding shorthand replaces the preset's (side values would win over it).
 */
export function buttonStyles(preset: Preset | undefined, own: Styles | undefined): Styles {
  const { paddingTop, paddingRight, paddingBottom, paddingLeft, ...rest } = (preset?.styles ?? {}) as Styles;
  const inner =
    own?.innerPadding !== undefined
      ? {}
      : { innerPaddingTop: paddingTop, innerPaddingRight: paddingRight, innerPaddingBottom: paddingBottom, innerPaddingLeft: paddingLeft };
  const merged: Styles = { ...rest, ...inner, ...(own ?? {}) };
  for (const k of Object.keys(merged) as (keyof Styles)[]) if (merged[k] === undefined) delete merged[k];
  return merged;
}

/** An image of the brand by id: served at /image/newsletter/{id} (the images API's path). */
export function imageUrlById(id: string): string {
  return absoluteUrl(`/image/newsletter/${id}`);
}

/** Paths on this service become absolute with the configured public origin (emails have no base URL). */
export function absoluteUrl(url: string): string {
  if (!url.startsWith("/") || url.startsWith("//")) return url;
  return new URL(url, config().appOrigin).toString();
}

/** The background image of a node: backgroundImageID (published) wins over the backgroundImage URL (Inkwell extra). */
export function backgroundUrl(s: { backgroundImageID?: string; backgroundImage?: string }): string | undefined {
  if (s.backgroundImageID) return imageUrlById(s.backgroundImageID);
  if (s.backgroundImage && /^(?:https?:\/\/|\/(?!\/))/i.test(s.backgroundImage)) return absoluteUrl(s.backgroundImage);
  return undefined;
}

const SIDES = ["Top", "Right", "Bottom", "Left"] as const;

function expand(shorthand: string | undefined): string[] | undefined {
  if (!shorthand) return undefined;
  const p = shorthand.trim().split(/\s+/);
  return [p[0], p[1] ?? p[0], p[2] ?? p[0], p[3] ?? p[1] ?? p[0]];
}

/** Four padding values from a shorthand and side properties (sides win), or undefined when none is set. */
export function paddingOf(s: Styles, kind: "padding" | "innerPadding"): string | undefined {
  const base = expand(s[kind]);
  const sides = SIDES.map((side, i) => s[`${kind}${side}`] ?? base?.[i]);
  return sides.some((v) => v !== undefined) ? sides.map((v) => v ?? "0px").join(" ") : undefined;
}

const padding = (s: Styles): Attrs => ({ padding: paddingOf(s, "padding") });

const font = (s: Styles): Attrs => ({
  color: s.color,
  "font-family": s.fontFamily,
  "font-size": s.fontSize,
  "font-style": s.fontStyle,
  "font-weight": s.fontWeight,
  "letter-spacing": s.letterSpacing,
  "line-height": s.lineHeight,
  "text-decoration": s.textDecoration,
});

const align = (s: Styles) => s.alignment;

export function textAttrs(s: Styles): Attrs {
  return { ...font(s), align: align(s), "container-background-color": s.backgroundColor, ...padding(s) };
}

export function buttonAttrs(s: Styles): Attrs {
  return {
    ...font(s),
    "background-color": s.backgroundColor,
    border: s.border,
    "border-radius": s.borderRadius,
    align: align(s) === "justify" ? undefined : align(s),
    "vertical-align": s.verticalAlign,
    "inner-padding": paddingOf(s, "innerPadding"),
    ...padding(s),
  };
}

/** Blocks that are not text (image, divider, social...): only the box around them. */
export function boxAttrs(s: Styles): Attrs {
  return { "container-background-color": s.backgroundColor, align: align(s) === "justify" ? undefined : align(s), ...padding(s) };
}

function background(s: Styles): Attrs {
  const url = backgroundUrl(s);
  return {
    "background-color": s.backgroundColor,
    "background-url": url,
    "background-size": url ? (s.backgroundSize ?? "cover") : undefined,
    "background-repeat": url ? (s.backgroundRepeat ?? "no-repeat") : undefined,
    "background-position": url ? s.backgroundPosition : undefined,
  };
}

/**
 * Sections (mj-wrapper) and rows (mj-section). With isBackgroundPaddingsExcluded the background is
 * left to the caller to paint inside the padding (see `innerBackground`).
 */
export function containerAttrs(s: Styles | undefined): Attrs {
  if (!s) return {};
  return {
    ...(s.isBackgroundPaddingsExcluded ? {} : background(s)),
    border: s.border,
    "border-radius": s.borderRadius,
    "text-align": align(s) === "justify" ? undefined : align(s),
    ...padding(s),
  };
}

/** The background a container with isBackgroundPaddingsExcluded paints on its content instead. */
export function innerBackground(s: Styles | undefined): Attrs {
  return s?.isBackgroundPaddingsExcluded ? background(s) : {};
}

export function columnAttrs(s: Styles | undefined): Attrs {
  if (!s) return {};
  return {
    "background-color": s.backgroundColor,
    border: s.border,
    "border-radius": s.borderRadius,
    "vertical-align": s.verticalAlign,
    ...padding(s),
  };
}

/** Inline CSS for text we write ourselves inside mj-text (menu links, product parts, code boxes). */
export function inlineCss(s: Styles): string {
  const pairs: Array<[string, string | undefined]> = [
    ["color", s.color],
    ["font-family", s.fontFamily],
    ["font-size", s.fontSize],
    ["font-weight", s.fontWeight],
    ["font-style", s.fontStyle],
    ["line-height", s.lineHeight],
    ["letter-spacing", s.letterSpacing],
    ["text-decoration", s.textDecoration],
  ];
  return pairs
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${v}`)
    .join(";");
}

/** CSS declarations of a node's background image (image, size, repeat, position); empty when it has none. */
function backgroundImagePairs(s: Styles): Array<[string, string | undefined]> {
  const url = backgroundUrl(s);
  if (!url) return [];
  return [
    ["background-image", `url("${url.replace(/["\\()<>\s]/g, encodeURIComponent)}")`],
    ["background-size", s.backgroundSize ?? "cover"],
    ["background-repeat", s.backgroundRepeat ?? "no-repeat"],
    ["background-position", s.backgroundPosition],
  ];
}

const declarations = (pairs: Array<[string, string | undefined]>) =>
  pairs
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${v}`)
    .join(";");

/**
 * A column's background image as CSS for a class of its own: mj-column has no background image
 * attribute. Empty when the column has none.
 */
export function columnBackgroundCss(s: Styles | undefined): string {
  return s ? declarations(backgroundImagePairs(s)) : "";
}

/**
 * CSS of the wrapper inside an mj-text: the text background, border, radius, inner padding and a
 * background image, which mj-text has no attributes for. Empty when none is set.
 */
export function wrapperCss(s: Styles): string {
  const pairs: Array<[string, string | undefined]> = [
    ["background-color", s.textBackgroundColor],
    ...backgroundImagePairs(s),
    ["border", s.border],
    ["border-radius", s.borderRadius],
    ["padding", paddingOf(s, "innerPadding")],
  ];
  return declarations(pairs);
}

/** Pixel width of a px or % length inside a container of `containerPx`. */
export function toPixels(length: string | number | undefined, containerPx: number): number | undefined {
  if (length === undefined) return undefined;
  if (typeof length === "number") return Math.round(length);
  const n = parseFloat(length);
  if (!Number.isFinite(n)) return undefined;
  return length.endsWith("%") ? Math.round((containerPx * n) / 100) : Math.round(n);
}
