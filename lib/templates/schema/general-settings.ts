// generalSettings: the canvas (our spec's `content`), the outer body, presets, the shared logo and Gmail.
import { z } from "zod";
import { ButtonPresets, TextPresets } from "./presets";
import { AssetId, CssColor, FontSize, ImageSrc, Link, cssValue, keyword, pixels } from "./primitives";
import { BACKGROUND_REPEATS } from "./styles";

export const ContentWidth = pixels(300, 2000, "content width").meta({
  description: 'Width of the email canvas, 300px-2000px, e.g. "600px"',
});

/** Pixel widths published as integers (logo and image resize widths). */
export const PixelInt = z.number().int().min(1).max(2000);

export const Logo = z
  .strictObject({
    link: Link.optional().meta({ description: "Where the logo links to" }),
    resizeWidth: PixelInt.optional().meta({ description: "Resized width of the logo in pixels" }),
    source: ImageSrc.optional().meta({ description: "Inkwell extra: the logo image URL (a logo block's own image.source wins)" }),
  })
  .meta({ id: "Logo", description: "Logo settings: shared ones in generalSettings, a logo block's own in its logo field" });
export type Logo = z.infer<typeof Logo>;

export const Body = z
  .strictObject({
    backgroundColor: CssColor.optional(),
    backgroundImageID: AssetId.optional().meta({
      description: "Background image: the id of an image of the brand, served at /image/newsletter/{id}",
    }),
    backgroundImage: ImageSrc.optional().meta({
      description: "Inkwell extra: background image by URL (used when backgroundImageID is absent)",
    }),
    backgroundRepeat: keyword(BACKGROUND_REPEATS, "backgroundRepeat").optional(),
    backgroundSize: cssValue(50).optional(),
  })
  .meta({ id: "Body", description: "The area around the canvas" });

export const Annotation = z
  .strictObject({
    isEnabled: z.boolean().optional(),
    discountDescription: z.string().max(200).optional().meta({ description: 'The offer shown in Gmail\'s promotions tab, e.g. "15% off"' }),
    discountCode: z.string().max(100).optional().meta({ description: "Inkwell extra: the code shown with the offer" }),
    logoUrl: ImageSrc.optional().meta({ description: "Inkwell extra: the brand logo shown in the promotions tab" }),
    offerStartDate: z.iso.datetime({ offset: true }).optional().meta({ description: "Inkwell extra" }),
    offerEndDate: z.iso.datetime({ offset: true }).optional().meta({ description: "Inkwell extra" }),
  })
  .meta({ id: "Annotation", description: "Gmail promotions-tab annotation" });

export const Gmail = z.strictObject({ annotation: Annotation.optional() }).meta({ id: "Gmail", description: "Gmail specific settings" });

/** The canvas (our spec's generalSettings.content). */
export const ContentSettings = z
  .strictObject({
    width: ContentWidth.optional(),
    backgroundColor: CssColor.optional(),
    fontFamily: z.string().min(1).max(200).optional(),
    fontSize: FontSize.optional(),
    color: CssColor.optional(),
  })
  .meta({ id: "ContentSettings", description: "The email canvas: width, background, font and text colour" });

export const GeneralSettings = z
  .strictObject({
    content: ContentSettings.optional(),
    body: Body.optional(),
    buttonPresets: ButtonPresets.optional(),
    textPresets: TextPresets.optional(),
    logo: Logo.optional(),
    gmail: Gmail.optional(),
  })
  .meta({ id: "GeneralSettings", description: "Global style settings of a template" });
export type GeneralSettings = z.infer<typeof GeneralSettings>;
