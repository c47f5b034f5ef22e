// Sections, rows and columns: the structure of the document (published Section, Settings, Row, Column).
import { z } from "zod";
import { Block } from "./blocks";
import { Filter } from "./filter";
import { AssetId, Length, NodeId } from "./primitives";
import { ProductRecommender } from "./recommender";
import { StyleProperties, Visibility } from "./styles";

export const Column = z
  .strictObject({
    id: NodeId,
    width: Length.optional().meta({ description: 'Column width with unit, e.g. "300px" or "50%"' }),
    styleProperties: StyleProperties.optional(),
    blocks: z.array(Block).max(100).default([]),
  })
  .meta({ id: "Column" });
export type Column = z.infer<typeof Column>;

export const Row = z
  .strictObject({
    id: NodeId,
    styleProperties: StyleProperties.optional(),
    columns: z.array(Column).min(1).max(6),
  })
  .meta({ id: "Row" });
export type Row = z.infer<typeof Row>;

/** Section types a client may write; `badge` is read-only and only ever added on read. */
export const WritableSectionType = z.enum([
  "",
  "products_listing",
  "product_recommender",
  "product_cart_recovery",
  "product_back_in_stock",
  "universal_layout",
  "dynamic_list",
  "preheader",
]);
export const SectionType = z.enum([...WritableSectionType.options, "badge"]);
export type SectionType = z.infer<typeof SectionType>;

export const PRODUCT_SECTION_TYPES: readonly SectionType[] = [
  "products_listing",
  "product_recommender",
  "product_cart_recovery",
  "product_back_in_stock",
];
export const SLOT_SECTION_TYPES: readonly SectionType[] = ["product_recommender", "product_cart_recovery", "product_back_in_stock"];
export const MAX_SLOT_PRODUCT_BLOCKS = 12;
export const MAX_LIST_ITEMS = 50;

export const DynamicList = z
  .strictObject({
    listPath: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_.-]+$/, "must be a dotted path such as order.products or items")
      .optional()
      .meta({
        description:
          "The list repeated over: order.products (latest order), cart.products (open cart), recommendations (newest products), or a property path of the contact's latest event that holds a list (e.g. items)",
      }),
    layout: z.string().max(20).optional().meta({ description: "list (one item per row, default) or grid (columnCount items per row)" }),
    columnCount: z.number().int().min(1).max(4).optional(),
    repetitionCount: z.number().int().min(1).max(MAX_LIST_ITEMS).optional().meta({ description: "At most this many items (default 10)" }),
  })
  .meta({ id: "DynamicList", description: "What a dynamic_list section repeats over" });
export type DynamicList = z.infer<typeof DynamicList>;

export const CustomFont = z
  .strictObject({
    id: AssetId.optional().meta({ description: "The custom font's id" }),
    name: z.string().min(1).max(100).optional().meta({ description: "Inkwell extra: the font-family name the styles use" }),
    href: z
      .string()
      .max(2048)
      .regex(/^https:\/\//, "must be an https URL")
      .optional()
      .meta({ description: "Inkwell extra: the stylesheet that loads the font (e.g. a Google Fonts CSS URL)" }),
  })
  .meta({
    id: "CustomFont",
    description: "A web font the section uses; clients that support web fonts load it, others fall back along the font-family list",
  });

export const Settings = z
  .strictObject({
    universalLayoutID: AssetId.optional().meta({
      description: "The universal layout a universal_layout section shows (required for that type)",
    }),
    dynamicList: DynamicList.optional().meta({ description: "Required for dynamic_list sections" }),
    filter: Filter.optional().meta({ description: "Conditional content: the section shows only to recipients matching it" }),
    customFonts: z.array(CustomFont).max(10).optional(),
    backgroundType: z.string().max(20).optional().meta({ description: "color or image" }),
    excludeProducts: z.array(z.string().min(1).max(100)).max(500).optional(),
    isColumnStackDisabled: z.boolean().optional().meta({ description: "Keep columns side by side on mobile" }),
    isOutOfStockHidden: z.boolean().optional(),
    isProductImagesFitted: z.boolean().optional(),
    sideBySideProductLayout: z.string().max(20).optional(),
  })
  .meta({ id: "Settings", description: "Section settings" });

export const Section = z
  .strictObject({
    id: NodeId,
    type: WritableSectionType.optional().meta({
      description:
        "Empty or omitted: plain layout. products_listing, product_recommender, product_cart_recovery and product_back_in_stock accept only product blocks (the last three at most 12); universal_layout needs settings.universalLayoutID and its rows are ignored on write; dynamic_list needs settings.dynamicList; preheader at most once. badge is read-only",
    }),
    rows: z.array(Row).max(50).default([]),
    styleProperties: StyleProperties.optional(),
    settings: Settings.optional(),
    visibility: Visibility.optional(),
    productRecommender: ProductRecommender.optional().meta({
      description: "Required when type is product_recommender; not allowed otherwise",
    }),
  })
  .meta({ id: "Section" });
export type Section = z.infer<typeof Section>;

/** A section as read back: the badge type may appear (free plan). */
export const SectionRead = Section.extend({ type: SectionType.optional() }).meta({ id: "SectionRead" });
