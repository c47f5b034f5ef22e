// Style properties (published StyleProperties) carried by sections, rows, columns, blocks and components,
// the preset styles (ButtonStyle, TextStyle) and device visibility. Colours and font sizes are checked;
// keywords are plain strings as published, checked with a clear error.
import { z } from "zod";
import { AssetId, CssColor, FontSize, ImageSrc, Length, LengthList, SignedLength, cssValue, keyword } from "./primitives";

export const ALIGNMENTS = ["left", "center", "right", "justify"] as const;
export const VERTICAL_ALIGNMENTS = ["top", "middle", "bottom"] as const;
export const FONT_WEIGHTS = ["normal", "bold", "lighter", "bolder", "100", "200", "300", "400", "500", "600", "700", "800", "900"] as const;
export const FONT_STYLES = ["normal", "italic", "oblique"] as const;
export const TEXT_DECORATIONS = ["none", "underline", "line-through", "overline"] as const;
export const BACKGROUND_REPEATS = ["repeat", "no-repeat", "repeat-x", "repeat-y", "space", "round"] as const;

const FontFamily = z.string().min(1).max(200).meta({ description: 'CSS font-family list, e.g. "Arial, Helvetica, sans-serif"' });
const LineHeight = z
  .string()
  .max(20)
  .regex(/^\d+(?:\.\d+)?(?:px|%|em)?$/, "must be a number, or a length in px, % or em");
const BackgroundSize = cssValue(50).meta({ description: "cover, contain, auto or a length" });

/** Fields every preset style has (published ButtonStyle, plus lineHeight from our spec's preset list). */
const presetStyleShape = {
  backgroundColor: CssColor.optional(),
  border: cssValue(100).optional().meta({ description: 'CSS border shorthand, e.g. "2px solid #BFDCFE"' }),
  borderRadius: Length.optional(),
  color: CssColor.optional(),
  fontFamily: FontFamily.optional(),
  fontSize: FontSize.optional(),
  fontStyle: keyword(FONT_STYLES, "fontStyle").optional(),
  fontWeight: keyword(FONT_WEIGHTS, "fontWeight").optional(),
  letterSpacing: SignedLength.optional(),
  lineHeight: LineHeight.optional(),
  paddingBottom: Length.optional(),
  paddingLeft: Length.optional(),
  paddingRight: Length.optional(),
  paddingTop: Length.optional(),
  textDecoration: keyword(TEXT_DECORATIONS, "textDecoration").optional(),
};

export const ButtonStyle = z.strictObject(presetStyleShape).meta({ id: "ButtonStyle", description: "Button preset style properties" });
export type ButtonStyle = z.infer<typeof ButtonStyle>;
export const TextStyle = z.strictObject(presetStyleShape).meta({ id: "TextStyle", description: "Text preset style properties" });
export type TextStyle = z.infer<typeof TextStyle>;

export const StyleProperties = z
  .strictObject({
    alignment: keyword(ALIGNMENTS, "alignment").optional().meta({ description: "Horizontal alignment: left, center, right or justify" }),
    backgroundColor: CssColor.optional(),
    backgroundImageID: AssetId.optional().meta({
      description: "Background image: the id of an image of the brand, served at /image/newsletter/{id}",
    }),
    backgroundImage: ImageSrc.optional().meta({
      description: "Inkwell extra: background image by URL (used when backgroundImageID is absent)",
    }),
    backgroundPosition: cssValue(50).optional(),
    backgroundRepeat: keyword(BACKGROUND_REPEATS, "backgroundRepeat").optional(),
    backgroundSize: BackgroundSize.optional(),
    border: cssValue(100).optional().meta({ description: 'CSS border shorthand, e.g. "2px solid #BFDCFE"' }),
    borderRadius: Length.optional(),
    color: CssColor.optional().meta({ description: "Text colour" }),
    dividerColor: CssColor.optional(),
    fontFamily: FontFamily.optional(),
    fontSize: FontSize.optional(),
    fontStyle: keyword(FONT_STYLES, "fontStyle").optional(),
    fontWeight: keyword(FONT_WEIGHTS, "fontWeight").optional(),
    innerPadding: LengthList.optional().meta({ description: "Padding inside the element (a button's label), shorthand" }),
    innerPaddingBottom: Length.optional(),
    innerPaddingLeft: Length.optional(),
    innerPaddingRight: Length.optional(),
    innerPaddingTop: Length.optional(),
    isBackgroundPaddingsExcluded: z
      .boolean()
      .optional()
      .meta({ description: "The background stops at the padding (drawn on the content only)" }),
    letterSpacing: SignedLength.optional(),
    lineHeight: LineHeight.optional(),
    linkColor: CssColor.optional(),
    padding: LengthList.optional().meta({ description: "Padding shorthand; the side properties win over it" }),
    paddingBottom: Length.optional(),
    paddingLeft: Length.optional(),
    paddingRight: Length.optional(),
    paddingTop: Length.optional(),
    priceColor: CssColor.optional(),
    secondaryColor: CssColor.optional(),
    textBackgroundColor: CssColor.optional(),
    textDecoration: keyword(TEXT_DECORATIONS, "textDecoration").optional(),
    verticalAlign: keyword(VERTICAL_ALIGNMENTS, "verticalAlign")
      .optional()
      .meta({ description: "Vertical alignment: top, middle or bottom" }),
  })
  .meta({ id: "StyleProperties", description: "Style properties of a section, row, column, block or component; all optional" });
export type StyleProperties = z.infer<typeof StyleProperties>;

/** Device visibility (published on sections; blocks carry it too, as an Inkwell extra). */
export const Visibility = z
  .strictObject({
    isDesktopVisible: z.boolean().optional().meta({ description: "Shown on desktop (wide) screens; default true" }),
    isMobileVisible: z.boolean().optional().meta({ description: "Shown on mobile (narrow) screens; default true" }),
  })
  .meta({ id: "Visibility", description: "On which devices the node shows" });
export type Visibility = z.infer<typeof Visibility>;
