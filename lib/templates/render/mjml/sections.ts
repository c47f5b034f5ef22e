// Sections, rows and columns → mj-wrapper / mj-section / mj-column. Product slot sections take one
// product per slot for the recipient; dynamic lists repeat their rows once per item.
import type { Row } from "@/lib/templates/schema";
import type { RenderSection } from "../types";
import { renderBlock, visibilityClass } from "./blocks";
import type { BuildContext, NodeContext } from "./context";
import { columnAttrs, containerAttrs, toPixels } from "./styles";
import { el } from "./xml";

type Section = RenderSection;
const SLOT_TYPES = new Set(["product_recommender", "product_cart_recovery", "product_back_in_stock"]);

/** Per block: what product a product block shows, or null to leave the block out. */
type ProductFor = (blockId: string) => NodeContext["product"] | null;

function renderRow(row: Row, ctx: BuildContext, node: NodeContext, productFor: ProductFor): string {
  const columns = row.columns.map((column, c) => {
    const width = toPixels(column.width, ctx.contentWidth) ?? Math.floor(ctx.contentWidth / row.columns.length);
    const blocks = column.blocks.map((block, b) => {
      const blockNode: NodeContext = { ...node, pointer: `${node.pointer}/columns/${c}/blocks/${b}`, columnWidth: width };
      if (block.type === "product") {
        const product = productFor(block.id);
        if (!product) return "";
        blockNode.product = product;
      }
      return renderBlock(block, ctx, blockNode);
    });
    return el("mj-column", { width: column.width, ...columnAttrs(column.styleProperties) }, blocks.join(""));
  });
  return el("mj-section", containerAttrs(row.styleProperties), columns.join(""));
}

function rowsOf(section: Section, ctx: BuildContext, node: NodeContext, productFor: ProductFor): string {
  return section.rows.map((row, r) => renderRow(row, ctx, { ...node, pointer: `${node.pointer}/rows/${r}` }, productFor)).join("");
}

function slotProducts(section: Section, ctx: BuildContext): ProductFor {
  const filled = ctx.shape.slots[section.id] ?? [];
  const slotOf = new Map<string, number>();
  for (const row of section.rows) for (const column of row.columns) for (const block of column.blocks) {
    if (block.type === "product") slotOf.set(block.id, slotOf.size);
  }
  return (blockId) => {
    const slot = slotOf.get(blockId);
    return slot === undefined || slot >= filled.length ? null : { prefix: `$slot.${section.id}.${slot}`, image: filled[slot] };
  };
}

function listingProducts(ctx: BuildContext): ProductFor {
  return (blockId) => {
    const found = ctx.shape.listing[blockId];
    return found ? { prefix: `$product.${blockId}`, image: found.image } : null;
  };
}

export function renderSection(section: Section, index: number, ctx: BuildContext): string {
  if (ctx.shape.hidden.includes(section.id)) return "";
  const node: NodeContext = { pointer: `/sections/${index}`, inDynamicList: false, columnWidth: ctx.contentWidth };
  const type = section.type ?? "";
  let content: string;
  if (type === "dynamic_list") {
    const count = ctx.shape.lists[section.id] ?? 0;
    const parts: string[] = [];
    for (let i = 0; i < count; i++) {
      const itemNode = { ...node, inDynamicList: true, itemPrefix: `$item.${section.id}.${i}` };
      parts.push(rowsOf(section, ctx, itemNode, listingProducts(ctx)));
    }
    content = parts.join("");
  } else {
    content = rowsOf(section, ctx, node, SLOT_TYPES.has(type) ? slotProducts(section, ctx) : listingProducts(ctx));
  }
  if (!content) return "";
  return el("mj-wrapper", { ...containerAttrs(section.styleProperties), "css-class": visibilityClass(section.settings?.visibility) }, content);
}
