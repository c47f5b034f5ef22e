// Sections, rows and columns: the structure of the document.
import { z } from "zod";
import { Block } from "./blocks";
import { Length, NodeId } from "./primitives";
import { ProductRecommender } from "./recommender";
import { StyleProperties, Visibility } from "./styles";

export const Column = z
  .strictObject({
    id: NodeId,
    width: Length.optional().meta({ description: "Column width with unit, e.g. \"300px\" or \"50%\"" }),
    styleProperties: StyleProperties.optional(),
    blocks: z.array(Block).max(100),
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
  "", "products_listing", "product_recommender", "product_cart_recovery", "product_back_in_stock", "universal_layout", "dynamic_list", "preheader",
]);
export const SectionType = z.enum([...WritableSectionType.options, "badge"]);
export type SectionType = z.infer<typeof SectionType>;

export const PRODUCT_SECTION_TYPES: readonly SectionType[] = ["products_listing", "product_recommender", "product_cart_recovery", "product_back_in_stock"];
export const SLOT_SECTION_TYPES: readonly SectionType[] = ["product_recommender", "product_cart_recovery", "product_back_in_stock"];
export const MAX_SLOT_PRODUCT_BLOCKS = 12;

export const DynamicList = z
  .strictObject({
    source: z.enum(["orderProducts", "cartProducts", "recommendedProducts", "eventProperty"]).meta({ description: "The list the section repeats over" }),
    property: z.string().min(1).max(200).optional().meta({ description: "Event property holding the list (source eventProperty)" }),
    limit: z.number().int().min(1).max(50).optional().meta({ description: "Maximum items rendered" }),
  })
  .meta({ id: "DynamicList", description: "What a dynamic_list section repeats over" });

export const SectionSettings = z
  .strictObject({
    universalLayoutID: z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character lowercase hexadecimal id").optional()
      .meta({ description: "The universal layout a universal_layout section shows (required for that type)" }),
    dynamicList: DynamicList.optional().meta({ description: "Required for dynamic_list sections" }),
    visibility: Visibility.optional(),
  })
  .meta({ id: "SectionSettings" });

export const Section = z
  .strictObject({
    id: NodeId,
    type: WritableSectionType.optional().meta({
      description: "Empty or omitted: plain layout. products_listing, product_recommender, product_cart_recovery and product_back_in_stock accept only product blocks (the last three at most 12); universal_layout needs settings.universalLayoutID and its rows are ignored on write; dynamic_list needs settings.dynamicList; preheader at most once. badge is read-only",
    }),
    rows: z.array(Row).max(50).default([]),
    styleProperties: StyleProperties.optional(),
    settings: SectionSettings.optional(),
    productRecommender: ProductRecommender.optional().meta({ description: "Required when type is product_recommender; not allowed otherwise" }),
  })
  .meta({ id: "Section" });
export type Section = z.infer<typeof Section>;

/** A section as read back: the badge type may appear (free plan). */
export const SectionRead = Section.extend({ type: SectionType.optional() }).meta({ id: "SectionRead" });
