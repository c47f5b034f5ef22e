// Template style properties (camelCase, as in the document) → MJML attributes of each component.
import type { Preset, StyleProperties } from "@/lib/templates/schema";
import type { Attrs } from "./xml";

type Styles = Partial<StyleProperties>;

/** Preset styles first, the block's own style properties over them. */
export function mergeStyles(preset: Preset | undefined, own: Styles | undefined): Styles {
  return { ...(preset?.styles ?? {}), ...(own ?? {}) };
}

const padding = (s: Styles): Attrs => ({
  "padding-top": s.paddingTop,
  "padding-right": s.paddingRight,
  "padding-bottom": s.paddingBottom,
  "padding-left": s.paddingLeft,
});

const font = (s: Styles): Attrs => ({
  color: s.color,
  "font-family": s.fontFamily,
  "font-size": s.fontSize,
  "font-style": s.fontStyle,
  "font-weight": s.fontWeight,
  "line-height": s.lineHeight,
  "text-decoration": s.textDecoration,
});

export function textAttrs(s: Styles): Attrs {
  return { ...font(s), align: s.textAlign, "container-background-color": s.backgroundColor, ...padding(s) };
}

export function buttonAttrs(s: Styles): Attrs {
  const inner = [s.paddingTop, s.paddingRight, s.paddingBottom, s.paddingLeft];
  return {
    ...font(s),
    "background-color": s.backgroundColor,
    border: s.border,
    "border-radius": s.borderRadius,
    align: s.textAlign === "justify" ? undefined : s.textAlign,
    "inner-padding": inner.some(Boolean) ? inner.map((p) => p ?? "0").join(" ") : undefined,
    // The outer padding stays MJML's; a block spacing tweak comes through marginTop/marginBottom.
    "padding-top": s.marginTop,
    "padding-bottom": s.marginBottom,
  };
}

/** Blocks that are not text (image, divider, social...): only the box around them. */
export function boxAttrs(s: Styles): Attrs {
  return { "container-background-color": s.backgroundColor, align: s.textAlign === "justify" ? undefined : s.textAlign, ...padding(s) };
}

/** Sections (mj-wrapper), rows (mj-section) and columns share the box properties. */
export function containerAttrs(s: Styles | undefined): Attrs {
  if (!s) return {};
  return {
    "background-color": s.backgroundColor,
    "background-url": s.backgroundImage && /^https?:\/\//i.test(s.backgroundImage) ? s.backgroundImage : undefined,
    "background-size": s.backgroundImage ? "cover" : undefined,
    border: s.border,
    "border-radius": s.borderRadius,
    "text-align": s.textAlign === "justify" ? undefined : s.textAlign,
    ...padding(s),
  };
}

export function columnAttrs(s: Styles | undefined): Attrs {
  if (!s) return {};
  return {
    "background-color": s.backgroundColor,
    border: s.border,
    "border-radius": s.borderRadius,
    ...padding(s),
  };
}

/** Inline CSS for elements we write ourselves inside mj-text (menu links, product cards). */
export function inlineCss(s: Styles): string {
  const pairs: Array<[string, string | undefined]> = [
    ["color", s.color], ["font-family", s.fontFamily], ["font-size", s.fontSize], ["font-weight", s.fontWeight],
    ["font-style", s.fontStyle], ["line-height", s.lineHeight], ["text-decoration", s.textDecoration],
  ];
  return pairs.filter(([, v]) => v).map(([k, v]) => `${k}:${v}`).join(";");
}

/** Pixel width of a px or % length inside a container of `containerPx`. */
export function toPixels(length: string | undefined, containerPx: number): number | undefined {
  if (!length) return undefined;
  const n = parseFloat(length);
  if (!Number.isFinite(n)) return undefined;
  return length.endsWith("%") ? Math.round((containerPx * n) / 100) : Math.round(n);
}
