// Small value types shared by every part of the template document.
import { z } from "zod";

/** Node id: what the editor generates (24 hex) and what hand-written documents use (short slugs). */
export const NodeId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "must be 1-64 characters of A-Z, a-z, 0-9, _ and -")
  .meta({ id: "NodeId", description: "Node id, unique within the template: 1-64 characters of [A-Za-z0-9_-] (the editor generates 24-hex ids)" });

const NAMED_COLOURS = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue " +
    "chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey " +
    "darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray " +
    "darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen " +
    "fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender " +
    "lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey " +
    "lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen " +
    "magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen " +
    "mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange " +
    "orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple " +
    "rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray " +
    "slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen " +
    "transparent currentcolor"
  ).split(" "),
);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUM = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const PCT = `${NUM}%`;
const ALPHA = `(?:${NUM}|${PCT})`;
// rgb()/rgba() in legacy comma syntax (all numbers or all percentages) and modern space syntax.
const RGB = new RegExp(
  String.raw`^rgba?\(\s*(?:` +
    `${NUM}\\s*,\\s*${NUM}\\s*,\\s*${NUM}(?:\\s*,\\s*${ALPHA})?` +
    `|${PCT}\\s*,\\s*${PCT}\\s*,\\s*${PCT}(?:\\s*,\\s*${ALPHA})?` +
    `|(?:${NUM}|${PCT})\\s+(?:${NUM}|${PCT})\\s+(?:${NUM}|${PCT})(?:\\s*/\\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  "i",
);
const HUE = `${NUM}(?:deg|grad|rad|turn)?`;
const HSL = new RegExp(
  String.raw`^hsla?\(\s*(?:` +
    `${HUE}\\s*,\\s*${PCT}\\s*,\\s*${PCT}(?:\\s*,\\s*${ALPHA})?` +
    `|${HUE}\\s+${PCT}\\s+${PCT}(?:\\s*/\\s*${ALPHA})?` +
    String.raw`)\s*\)$`,
  "i",
);

export function isCssColour(value: string): boolean {
  const v = value.trim();
  return HEX.test(v) || RGB.test(v) || HSL.test(v) || NAMED_COLOURS.has(v.toLowerCase());
}

export const CssColor = z
  .string()
  .max(100)
  .refine(isCssColour, { message: "must be a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a named colour)", params: { code: "invalid_colour" } })
  .meta({ id: "CssColor", description: "A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla() or a CSS named colour" });

/** A pixel length "Npx" within [min, max]. */
export function pixels(min: number, max: number, what: string) {
  return z
    .string()
    .regex(/^\d+(?:\.\d+)?px$/, `must be a pixel length such as "${Math.max(min, 16)}px"`)
    .refine((v) => {
      const n = parseFloat(v);
      return n >= min && n <= max;
    }, { message: `${what} must be between ${min}px and ${max}px`, params: { code: "out_of_range" } });
}

export const FontSize = pixels(3, 100, "font size").meta({ id: "FontSize", description: "Font size in pixels, 3px-100px, e.g. \"16px\"" });

/** A CSS length in px or % (widths, paddings, radii). */
export const Length = z
  .string()
  .max(40)
  .regex(/^(?:0|\d+(?:\.\d+)?(?:px|%))$/, 'must be a length in px or %, e.g. "10px" or "50%"')
  .meta({ id: "Length", description: 'A CSS length in px or %, e.g. "10px" or "50%"' });

/** Links may carry personalization tags, so they are not strict URLs; schemes that run script are refused. */
export const Link = z
  .string()
  .max(2048)
  .refine((v) => !/^\s*(?:javascript|vbscript|data):/i.test(v), { message: "javascript:, vbscript: and data: links are not allowed", params: { code: "unsafe_link" } })
  .meta({ id: "Link", description: "Link target: an http(s), mailto: or tel: URL, or a personalization tag such as [[contact.custom_properties.url]]" });

export const ImageSrc = z
  .string()
  .max(2048)
  .regex(/^(?:https?:\/\/|\[\[)/i, "must be an http(s) URL")
  .meta({ description: "Image URL (http or https)" });
