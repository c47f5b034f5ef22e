// Style properties carried by sections, blocks and presets. Every font size and colour is checked.
import { z } from "zod";
import { CssColor, FontSize, Length } from "./primitives";

const FontFamily = z.string().min(1).max(200).meta({ description: "CSS font-family list, e.g. \"Arial, Helvetica, sans-serif\"" });

/** The style properties a preset may set (the spec's list). */
export const PresetStyles = z
  .strictObject({
    backgroundColor: CssColor.optional(),
    border: z.string().max(100).optional().meta({ description: "CSS border shorthand, e.g. \"1px solid #000000\"" }),
    borderRadius: Length.optional(),
    fontFamily: FontFamily.optional(),
    fontSize: FontSize.optional(),
    fontWeight: z.enum(["normal", "bold", "100", "200", "300", "400", "500", "600", "700", "800", "900"]).optional(),
    fontStyle: z.enum(["normal", "italic"]).optional(),
    color: CssColor.optional(),
    textDecoration: z.enum(["none", "underline", "line-through", "overline"]).optional(),
    lineHeight: z.string().max(20).regex(/^\d+(?:\.\d+)?(?:px|%|em)?$/, "must be a number, or a length in px, % or em").optional(),
    paddingLeft: Length.optional(),
    paddingRight: Length.optional(),
    paddingTop: Length.optional(),
    paddingBottom: Length.optional(),
  })
  .meta({ id: "PresetStyles", description: "Style properties of a preset" });

/** Style properties of sections and blocks: the preset styles plus layout ones. */
export const StyleProperties = PresetStyles.extend({
  textAlign: z.enum(["left", "center", "right", "justify"]).optional(),
  backgroundImage: z.string().max(2048).optional().meta({ description: "Background image URL" }),
  borderColor: CssColor.optional(),
  width: Length.optional(),
  height: Length.optional(),
  marginTop: Length.optional(),
  marginBottom: Length.optional(),
}).meta({ id: "StyleProperties", description: "Style properties of a section, row, column or block; all optional" });
export type StyleProperties = z.infer<typeof StyleProperties>;

/** Visibility settings: which devices show the node, and an optional condition on the recipient. */
export const Visibility = z
  .strictObject({
    hideOnDesktop: z.boolean().optional(),
    hideOnMobile: z.boolean().optional(),
    condition: z
      .strictObject({
        field: z.string().min(1).max(200).meta({ description: "Contact field, e.g. contact.custom_properties.tier" }),
        operator: z.enum(["equals", "notEquals", "contains", "exists", "notExists"]),
        value: z.string().max(500).optional(),
      })
      .optional()
      .meta({ description: "Show the node only to recipients matching this condition" }),
  })
  .meta({ id: "Visibility", description: "Device visibility and a conditional display filter" });
