// generalSettings: the canvas, the outer body, presets, the shared logo and Gmail annotations.
import { z } from "zod";
import { ButtonPresets, TextPresets } from "./presets";
import { CssColor, FontSize, ImageSrc, Length, Link, pixels } from "./primitives";

export const ContentWidth = pixels(300, 2000, "content width").meta({ description: "Width of the email canvas, 300px-2000px, e.g. \"600px\"" });

export const GeneralSettings = z
  .strictObject({
    content: z
      .strictObject({
        width: ContentWidth.optional(),
        backgroundColor: CssColor.optional(),
        fontFamily: z.string().min(1).max(200).optional(),
        fontSize: FontSize.optional(),
        color: CssColor.optional(),
      })
      .optional()
      .meta({ description: "The email canvas" }),
    body: z
      .strictObject({
        backgroundColor: CssColor.optional(),
        backgroundImage: ImageSrc.optional(),
        backgroundRepeat: z.enum(["repeat", "no-repeat", "repeat-x", "repeat-y"]).optional(),
      })
      .optional()
      .meta({ description: "The area around the canvas" }),
    buttonPresets: ButtonPresets.optional(),
    textPresets: TextPresets.optional(),
    logo: z
      .strictObject({
        src: ImageSrc.optional(),
        link: Link.optional(),
        width: Length.optional().meta({ description: "Resize width of the logo" }),
      })
      .optional()
      .meta({ description: "Shared logo settings used by logo blocks" }),
    gmail: z
      .strictObject({
        enabled: z.boolean().optional(),
        logoUrl: ImageSrc.optional(),
        offerDescription: z.string().max(200).optional(),
        discountCode: z.string().max(100).optional(),
        offerStartDate: z.iso.datetime({ offset: true }).optional(),
        offerEndDate: z.iso.datetime({ offset: true }).optional(),
      })
      .optional()
      .meta({ description: "Gmail promotions-tab annotation" }),
  })
  .meta({ id: "GeneralSettings", description: "Global style settings of a template" });
export type GeneralSettings = z.infer<typeof GeneralSettings>;
