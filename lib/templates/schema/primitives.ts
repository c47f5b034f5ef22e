// Small value types shared by every part of the template document.
import { z } from "zod";

const HEX24 = /^[0-9a-fA-F]{24}$/;

/** Node id (section, row, column, block, component): 24 hexadecimal characters, unique within the template. */
export const NodeId = z
  .string()
  .length(24)
  .regex(HEX24, "must be 24 hexadecimal characters")
  .meta({ description: "Unique identifier within the template: 24 hexadecimal characters", example: "6699a0000000000000000000" });

/** The id of an asset of the brand (image, custom font, product, video, universal layout): 24 hexadecimal characters. */
export const AssetId = z.string().length(24).regex(HEX24, "must be 24 hexadecimal characters");

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
  .refine(isCssColour, {
    message: "must be a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl(), hsla() or a named colour)",
    params: { code: "invalid_colour" },
  })
  .meta({ id: "CssColor", description: "A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba(), hsl()/hsla() or a CSS named colour" });

/** A pixel length "Npx" within [min, max]. */
export function pixels(min: number, max: number, what: string) {
  return z
    .string()
    .regex(/^\d+(?:\.\d+)?px$/, `must be a pixel length such as "${Math.max(min, 16)}px"`)
    .refine(
      (v) => {
        const n = parseFloat(v);
        return n >= min && n <= max;
      },
      { message: `${what} must be between ${min}px and ${max}px`, params: { code: "out_of_range" } },
    );
}

export const FontSize = pixels(3, 100, "font size").meta({ id: "FontSize", description: 'Font size in pixels, 3px-100px, e.g. "16px"' });

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
  .refine((v) => !/^\s*(?:javascript|vbscript|data):/i.test(v), {
    message: "javascript:, vbscript: and data: links are not allowed",
    params: { code: "unsafe_link" },
  })
  .meta({
    id: "Link",
    description: "Link target: an http(s), mailto: or tel: URL, or a personalization tag such as [[contact.custom_properties.url]]",
  });

export const ImageSrc = z
  .string()
  .max(2048)
  .regex(/^(?:https?:\/\/|\[\[|\/(?!\/))/i, "must be an http(s) URL or a path on this service such as /image/newsletter/ID")
  .meta({ description: "Image URL: http(s), a path on this service (/image/...), or a personalization tag" });

const UNSAFE_CSS = /[;{}<>"\\]/;
/** A CSS value written into a style attribute: characters that could end the declaration are refused. */
export function cssValue(max = 100) {
  return z
    .string()
    .max(max)
    .refine((v) => !UNSAFE_CSS.test(v), { message: 'must not contain ; { } < > " or \\', params: { code: "invalid_value" } });
}

/** A CSS keyword from a known list, typed as a plain string (as published), checked with a clear error. */
export function keyword(values: readonly string[], what: string) {
  const allowed = new Set(values);
  return z
    .string()
    .max(50)
    .refine((v) => allowed.has(v), { message: `${what} must be one of ${values.join(", ")}`, params: { code: "invalid_value" } });
}

const LENGTH = String.raw`(?:0|-?\d+(?:\.\d+)?(?:px|%|em|rem))`;
/** One to four CSS lengths (padding shorthands), e.g. "12px" or "10px 20px". */
export const LengthList = z
  .string()
  .max(60)
  .regex(new RegExp(`^${LENGTH}(?: ${LENGTH}){0,3}$`), 'must be one to four lengths in px, %, em or rem, e.g. "12px" or "10px 20px"');
/** A signed CSS length (letter spacing). */
export const SignedLength = z
  .string()
  .max(20)
  .regex(new RegExp(`^(?:normal|${LENGTH})$`), 'must be a length such as "0px", "1px" or "0.05em"');
