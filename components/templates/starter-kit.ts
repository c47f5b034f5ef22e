// The pieces the designed starters are made of: sections, blocks and a footer in the published model,
// with ids from the caller (the browser's for a new template; a counter for the thumbnails' hashes).
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "@/lib/templates/default-presets";
import { mergeTagText } from "@/lib/templates/merge-tags";
import type { Block, GeneralSettings, Section } from "@/components/editor/state/document";
import { productParts } from "@/components/editor/state/factories";

export type Kit = { id: () => string; origin: string };
type Styles = NonNullable<Block["styleProperties"]>;

export const FONT = "Helvetica, Arial, sans-serif";
export const SERIF = "Georgia, 'Times New Roman', serif";

/** An image of the starters' art (public/starters/), on this deployment's origin. */
export const art = (kit: Kit, name: string) => `${kit.origin}/starters/${name}.png`;

export function text(kit: Kit, html: string, styleProperties?: Styles, stylePresetID?: string): Block {
  return {
    id: kit.id(),
    type: "text",
    text: html,
    ...(stylePresetID ? { stylePresetID } : {}),
    ...(styleProperties ? { styleProperties } : {}),
  };
}

export function button(kit: Kit, label: string, link: string, opts: { preset?: string; styles?: Styles; fullWidth?: boolean } = {}): Block {
  return {
    id: kit.id(),
    type: "button",
    stylePresetID: opts.preset ?? "primary_button",
    button: { text: label, link, ...(opts.fullWidth ? { isFullWidth: true } : {}) },
    ...(opts.styles ? { styleProperties: opts.styles } : {}),
  };
}

export function image(kit: Kit, name: string, altText: string, opts: { link?: string; width?: number; styles?: Styles } = {}): Block {
  return {
    id: kit.id(),
    type: "image",
    image: {
      source: art(kit, name),
      altText,
      ...(opts.link ? { link: opts.link } : {}),
      ...(opts.width ? { resizeWidth: opts.width } : {}),
    },
    styleProperties: {
      alignment: "center",
      paddingTop: "0px",
      paddingBottom: "0px",
      paddingLeft: "0px",
      paddingRight: "0px",
      ...(opts.styles ?? {}),
    },
  };
}

export function logo(kit: Kit): Block {
  return { id: kit.id(), type: "logo", styleProperties: { alignment: "center", paddingTop: "24px", paddingBottom: "16px" } };
}

export function divider(kit: Kit, colour = "#e5e7eb"): Block {
  return {
    id: kit.id(),
    type: "lineSpace",
    lineSpace: { type: "line", height: 1, lineStyle: "solid" },
    styleProperties: { dividerColor: colour, paddingTop: "8px", paddingBottom: "8px" },
  };
}

export function spacer(kit: Kit, height: number): Block {
  return { id: kit.id(), type: "lineSpace", lineSpace: { type: "space", height } };
}

export function social(kit: Kit, colour: "color" | "dark" | "light" = "dark"): Block {
  return {
    id: kit.id(),
    type: "social",
    social: {
      iconStyle: colour,
      size: "28px",
      shape: "circle",
      icons: ["facebook", "instagram", "x"].map((type) => ({ type, link: `https://${type}.com/` })),
    },
    styleProperties: { alignment: "center", paddingTop: "8px", paddingBottom: "8px" },
  };
}

export function discount(kit: Kit, code: string, offerText: string, styles?: Styles): Block {
  return {
    id: kit.id(),
    type: "staticDiscount",
    staticDiscount: { code, offerText },
    components: [{ id: kit.id(), type: "text", role: "discount_code", text: code }],
    ...(styles ? { styleProperties: styles } : {}),
  };
}

export function personalCode(kit: Kit, offerText: string, link: string): Block {
  return {
    id: kit.id(),
    type: "dynamicDiscount",
    dynamicDiscount: { code: "XXXX-XXXX-XXXX", discountType: "percentage", valuePercentage: "20", endsIn: "14", offerText },
    components: [
      { id: kit.id(), type: "text", role: "discount_code", text: "XXXX-XXXX-XXXX" },
      { id: kit.id(), type: "button", role: "discount_button", button: { text: "Use my code", link } },
    ],
  };
}

export function product(kit: Kit, buttonText: string): Block {
  return { id: kit.id(), type: "product", product: { buttonText }, components: productParts(kit.id, buttonText) };
}

type SectionOptions = {
  styles?: Styles;
  type?: Section["type"];
  widths?: string[];
  settings?: Section["settings"];
  productRecommender?: Section["productRecommender"];
};

/** A section of one row whose columns hold these blocks. */
export function section(kit: Kit, columns: Block[][], opts: SectionOptions = {}): Section {
  const n = columns.length;
  return {
    id: kit.id(),
    ...(opts.type ? { type: opts.type } : {}),
    ...(opts.styles ? { styleProperties: opts.styles } : {}),
    ...(opts.settings ? { settings: opts.settings } : {}),
    ...(opts.productRecommender ? { productRecommender: opts.productRecommender } : {}),
    rows: [
      {
        id: kit.id(),
        columns: columns.map((blocks, i) => ({
          id: kit.id(),
          ...(n > 1 ? { width: opts.widths?.[i] ?? `${Math.round((100 / n) * 100) / 100}%` } : {}),
          blocks,
        })),
      },
    ],
  };
}

export function preheader(kit: Kit, background: string, colour: string): Section {
  return section(
    kit,
    [
      [
        {
          id: kit.id(),
          type: "preheader",
          preheader: { linkText: "View this email in your browser" },
          styleProperties: { color: colour, linkColor: colour, fontSize: "12px", alignment: "center" },
        },
      ],
    ],
    {
      type: "preheader",
      styles: { backgroundColor: background, paddingTop: "8px", paddingBottom: "8px" },
    },
  );
}

/** The footer every marketing email needs: brand, postal address, preferences and unsubscribe links. */
export function footer(kit: Kit, background: string, colour: string): Section {
  const link = (path: string, label: string) => `<a href="${mergeTagText(path)}">${label}</a>`;
  return section(
    kit,
    [
      [
        social(kit, "dark"),
        text(
          kit,
          `<p style="text-align: center"><strong>${mergeTagText("brand.name")}</strong><br>${mergeTagText("brand.postal_address")}</p>` +
            `<p style="text-align: center">You are receiving this email because you signed up with us.<br>${link("message.preferences_url", "Manage preferences")} · ${link("message.unsubscribe_url", "Unsubscribe")}</p>`,
          { fontSize: "12px", color: colour, linkColor: colour, lineHeight: "1.6", paddingTop: "4px", paddingBottom: "24px" },
        ),
      ],
    ],
    { styles: { backgroundColor: background, paddingTop: "16px" } },
  );
}

/** General settings in the starter's colours: the built-in button and text styles recoloured. */
export function palette(
  kit: Kit,
  opts: {
    accent: string;
    accentText?: string;
    ink: string;
    body: string;
    canvas?: string;
    font?: string;
    headingFont?: string;
    logo?: string;
  },
): GeneralSettings {
  const font = opts.font ?? FONT;
  return {
    content: { width: "600px", backgroundColor: opts.canvas ?? "#ffffff", color: opts.ink, fontFamily: font, fontSize: "16px" },
    body: { backgroundColor: opts.body },
    logo: { source: art(kit, opts.logo ?? "logo"), resizeWidth: 140 },
    buttonPresets: DEFAULT_BUTTON_PRESETS.map((p) => {
      const fill = p.id === "primary_button";
      const styles = { ...p.styles, fontFamily: font, borderRadius: "6px" } as Record<string, string>;
      if (fill) Object.assign(styles, { backgroundColor: opts.accent, color: opts.accentText ?? "#ffffff" });
      else if (p.id === "secondary_button") Object.assign(styles, { color: opts.accent, border: `2px solid ${opts.accent}` });
      else Object.assign(styles, { color: opts.accent });
      return { ...p, styles };
    }),
    textPresets: DEFAULT_TEXT_PRESETS.map((p) => ({
      ...p,
      styles: { ...p.styles, color: opts.ink, fontFamily: p.id.startsWith("heading") ? (opts.headingFont ?? font) : font },
    })),
  };
}
