// Sections, rows and columns → mj-wrapper / mj-section / mj-column. Product slot sections take one
// product per slot for the recipient; dynamic lists repeat their rows once per item.
import type { Row } from "@/lib/templates/schema";
import type { RenderSection } from "../types";
import { renderBlock, visibilityClass } from "./blocks";
import type { BuildContext, NodeContext } from "./context";
import { columnAttrs, columnBackgroundCss, containerAttrs, innerBackground, toPixels } from "./styles";
import { el } from "./xml";

type Section = RenderSection;
const SLOT_TYPES = new Set(["product_recommender", "product_cart_recovery", "product_back_in_stock"]);

/** Per block: what product a product block shows, or null to leave the block out. */
type ProductFor = (blockId: string) => NodeContext["product"] | null;

function renderRow(row: Row, ctx: BuildContext, node: NodeContext, productFor: ProductFor, section: Section): string {
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
    const image = columnBackgroundCss(column.styleProperties);
    return el(
      "mj-column",
      { width: column.width, ...columnAttrs(column.styleProperties), "css-class": image ? ctx.backgroundClass(image) : undefined },
      blocks.join(""),
    );
  });
  // mj-group keeps columns side by side on narrow screens (settings.isColumnStackDisabled).
  const content = section.settings?.isColumnStackDisabled && columns.length > 1 ? el("mj-group", {}, columns.join("")) : columns.join("");
  return el("mj-section", { ...innerBackground(section.styleProperties), ...containerAttrs(row.styleProperties) }, content);
}

function rowsOf(section: Section, ctx: BuildContext, node: NodeContext, productFor: ProductFor): string {
  return section.rows.map((row, r) => renderRow(row, ctx, { ...node, pointer: `${node.pointer}/rows/${r}` }, productFor, section)).join("");
}

function slotProducts(section: Section, ctx: BuildContext): ProductFor {
  const filled = ctx.shape.slots[section.id] ?? [];
  const slotOf = new Map<string, number>();
  for (const row of section.rows)
    for (const column of row.columns)
      for (const block of column.blocks) {
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
    const itemNode = (i: number) => ({ ...node, inDynamicList: true, itemPrefix: `$item.${section.id}.${i}` });
    const list = section.settings?.dynamicList;
    const perRow = list?.layout === "grid" ? Math.max(1, list.columnCount ?? 1) : 1;
    const parts: string[] = [];
    if (perRow === 1) {
      for (let i = 0; i < count; i++) parts.push(rowsOf(section, ctx, itemNode(i), listingProducts(ctx)));
    } else {
      // grid: columnCount items side by side, each item's blocks in one column
      const width = Math.floor(ctx.contentWidth / perRow);
      for (let start = 0; start < count; start += perRow) {
        const columns: string[] = [];
        for (let i = start; i < Math.min(count, start + perRow); i++) {
          const blocks = section.rows.flatMap((row, r) =>
            row.columns.flatMap((column, c) =>
              column.blocks.map((block, b) =>
                renderBlock(block, ctx, {
                  ...itemNode(i),
                  pointer: `${node.pointer}/rows/${r}/columns/${c}/blocks/${b}`,
                  columnWidth: width,
                }),
              ),
            ),
          );
          columns.push(el("mj-column", { width: `${width}px` }, blocks.join("")));
        }
        parts.push(el("mj-section", innerBackground(section.styleProperties), columns.join("")));
      }
    }
    content = parts.join("");
  } else {
    content = rowsOf(section, ctx, node, SLOT_TYPES.has(type) ? slotProducts(section, ctx) : listingProducts(ctx));
  }
  if (!content) return "";
  return el("mj-wrapper", { ...containerAttrs(section.styleProperties), "css-class": visibilityClass(section.visibility) }, content);
}
