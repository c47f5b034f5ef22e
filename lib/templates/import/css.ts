// Reading the presentation of imported HTML: inline style declarations (after juice inlined the
// stylesheet) and the old attributes email HTML still uses (bgcolor, align, width), turned into style
// properties the schema accepts. A value the schema would refuse is left out, never sent.
import type { DefaultTreeAdapterMap } from "parse5";
import type { ZodType } from "zod";
import { isCssColour } from "@/lib/templates/schema/primitives";
import { StyleProperties } from "@/lib/templates/schema/styles";

type Element = DefaultTreeAdapterMap["element"];
/** Candidate values, as read from the HTML (strings), before the schema judges them. */
export type Styles = Partial<Record<keyof StyleProperties, string>>;

export const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The element's style declarations, property names lower-cased; later declarations win. */
export function styleOf(el: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of (attr(el, "style") ?? "").split(";")) {
    const at = decl.indexOf(":");
    if (at <= 0) continue;
    out[decl.slice(0, at).trim().toLowerCase()] = decl
      .slice(at + 1)
      .replace(/!important/i, "")
      .trim();
  }
  return out;
}

/** A CSS colour as the schema takes it (#abc, rgb(), names), or undefined. */
export function colour(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v && isCssColour(v) && !/^(?:transparent|currentcolor|inherit)$/i.test(v) ? v : undefined;
}

/** The background colour of an element: background-color, a colour in the background shorthand, or bgcolor. */
export function backgroundOf(el: Element): string | undefined {
  const s = styleOf(el);
  return (
    colour(s["background-color"]) ??
    s.background
      ?.split(/\s+(?![^(]*\))/)
      .map(colour)
      .find(Boolean) ??
    colour(attr(el, "bgcolor"))
  );
}

/** A whole number of pixels from "12px", "12" or "12.5px"; undefined for %, em and the rest. */
export function pixels(value: string | undefined): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:px)?\s*$/i.exec(value ?? "");
  return m ? Math.round(Number(m[1])) : undefined;
}

/** A width as a column takes it: "300px" or "50%". */
export function lengthOf(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const pct = /^(\d+(?:\.\d+)?)%$/.exec(v);
  if (pct) return `${Number(pct[1])}%`;
  const px = pixels(v);
  return px !== undefined && px > 0 ? `${px}px` : undefined;
}

const ALIGN = new Set(["left", "center", "right", "justify"]);

/** Horizontal alignment from text-align or the align attribute. */
export function alignOf(el: Element): string | undefined {
  const v = (styleOf(el)["text-align"] ?? attr(el, "align") ?? "").trim().toLowerCase();
  return ALIGN.has(v) ? v : undefined;
}

/** Only the properties the schema accepts, each checked on its own. */
export function validStyles(candidate: Styles): StyleProperties | undefined {
  const out: Record<string, string> = {};
  const shape = StyleProperties.shape as Record<string, ZodType>;
  for (const [key, value] of Object.entries(candidate)) {
    if (value === undefined || value === "") continue;
    if (shape[key]?.safeParse(value).success) out[key] = value;
  }
  return Object.keys(out).length ? (out as StyleProperties) : undefined;
}

/** Font size in px within the schema's 3-100px, from a px value. */
export function fontSizeOf(value: string | undefined): string | undefined {
  const px = pixels(value);
  return px !== undefined && px >= 3 && px <= 100 ? `${px}px` : undefined;
}
