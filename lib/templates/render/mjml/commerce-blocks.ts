// Commerce blocks → MJML: product cards, discount codes and the order blocks. Their values are
// per-recipient tokens ($slot..., $product..., $order..., $discount...) filled after compilation.
import type { Block } from "@/lib/templates/schema";
import { escapeHtml } from "../tags";
import { presetById, type BuildContext, type NodeContext } from "./context";
import { buttonAttrs, mergeStyles, textAttrs } from "./styles";
import { el } from "./xml";

type BlockOf<T extends Block["type"]> = Extract<Block, { type: T }>;

function product(block: BlockOf<"product">, ctx: BuildContext, node: NodeContext, cls?: string): string {
  if (!node.product) return "";
  const { prefix, image } = node.product;
  const t = (field: string) => ctx.tokens.token(`${prefix}.${field}`, "text");
  const url = ctx.tokens.token(`${prefix}.url`, "url", "#");
  const s = { textAlign: "center" as const, ...(block.styleProperties ?? {}) };
  const parts: string[] = [];
  if (block.showImage !== false && image) {
    parts.push(el("mj-image", { src: ctx.tokens.token(`${prefix}.imageUrl`, "url"), href: url, alt: t("title"), "padding-bottom": "8px", "css-class": cls }));
  }
  const title = mergeStyles(presetById(ctx.textPresets, "heading_small"), s);
  if (block.showTitle !== false) parts.push(el("mj-text", { ...textAttrs(title), "padding-bottom": "4px", "css-class": cls }, t("title")));
  if (block.showDescription) parts.push(el("mj-text", { ...textAttrs(mergeStyles(presetById(ctx.textPresets, "footnote"), s)), "css-class": cls }, t("description")));
  if (block.showPrice !== false) parts.push(el("mj-text", { ...textAttrs(mergeStyles(presetById(ctx.textPresets, "paragraph"), s)), "padding-top": "0", "css-class": cls }, t("price")));
  if (block.showButton !== false) {
    const button = mergeStyles(presetById(ctx.buttonPresets, block.stylePresetID ?? "primary_button"), {});
    parts.push(el("mj-button", { ...buttonAttrs(button), href: url, "css-class": cls }, escapeHtml(ctx.tokens.plain(block.buttonText ?? "Shop now", node))));
  }
  return parts.join("");
}

const CODE_BOX = "display:inline-block;border:2px dashed #999999;padding:10px 16px;font-size:20px;font-weight:bold;letter-spacing:1px;word-break:break-all";

type CodeParts = { code: string; label?: string; note?: string };

function codeBlock({ code, label, note }: CodeParts, ctx: BuildContext, node: NodeContext, s: Parameters<typeof textAttrs>[0], cls?: string): string {
  const text = label ? `<div style="padding-bottom:8px">${escapeHtml(ctx.tokens.plain(label, node))}</div>` : "";
  const after = note ? `<div style="padding-top:8px;font-size:12px">${escapeHtml(note)}</div>` : "";
  return el("mj-text", { ...textAttrs(s), align: s.textAlign ?? "center", "css-class": cls }, `${text}<div style="${CODE_BOX}">${code}</div>${after}`);
}

function discountLabel(block: BlockOf<"dynamicDiscount">): string {
  if (block.discountType === "free_shipping") return "Free shipping";
  if (block.discountType === "percentage") return `${block.value ?? 0}% off`;
  return `${(block.value ?? 0).toFixed(2)} off`;
}

const cell = "padding:6px 4px;vertical-align:middle";
/** Order tables: marked as data tables, so the plain-text part lays them out as tables too. */
function dataTable(block: Block, rows: string, cls?: string): string {
  const table = `<table class="ink-data" role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse">${rows}</table>`;
  return el("mj-text", { ...textAttrs(block.styleProperties ?? {}), "css-class": cls }, table);
}

function orderProducts(block: BlockOf<"orderProducts">, ctx: BuildContext, cls?: string): string {
  const images = ctx.shape.order?.images ?? [];
  const rows = images.map((hasImage, i) => {
    const t = (f: string) => ctx.tokens.token(`$order.items.${i}.${f}`, "text");
    const img = block.showImage !== false && hasImage
      ? `<td style="${cell};width:64px"><img src="${ctx.tokens.token(`$order.items.${i}.imageUrl`, "url")}" alt="${t("title")}" width="64" style="display:block;width:64px;height:auto;border:0" /></td>`
      : "";
    const qty = block.showQuantity !== false ? `<td style="${cell};text-align:center">× ${t("quantity")}</td>` : "";
    const price = block.showPrice !== false ? `<td style="${cell};text-align:right">${t("price")}</td>` : "";
    return `<tr>${img}<td style="${cell}">${t("title")}</td>${qty}${price}</tr>`;
  });
  return dataTable(block, rows.join(""), cls);
}

function orderTotal(block: BlockOf<"orderTotal">, ctx: BuildContext, cls?: string): string {
  const lines: Array<[boolean | undefined, string, string]> = [
    [block.showSubtotal, "Subtotal", "subtotal"],
    [block.showDiscount, "Discount", "discount"],
    [block.showShipping, "Shipping", "shipping"],
    [block.showTax, "Tax", "tax"],
  ];
  const rows = lines
    .filter(([show]) => show !== false)
    .map(([, label, f]) => `<tr><td style="${cell}">${label}</td><td style="${cell};text-align:right">${ctx.tokens.token(`$order.${f}`, "text")}</td></tr>`);
  rows.push(`<tr><td style="${cell};font-weight:bold">Total</td><td style="${cell};text-align:right;font-weight:bold">${ctx.tokens.token("$order.total", "text")}</td></tr>`);
  return dataTable(block, rows.join(""), cls);
}

function orderAddresses(block: BlockOf<"orderAddresses">, ctx: BuildContext, cls?: string): string {
  const parts: string[] = [];
  if (block.showBilling !== false) parts.push(`<td style="${cell};vertical-align:top"><strong>Billing address</strong><br />${ctx.tokens.token("$order.billingAddress", "text")}</td>`);
  if (block.showShipping !== false) parts.push(`<td style="${cell};vertical-align:top"><strong>Shipping address</strong><br />${ctx.tokens.token("$order.shippingAddress", "text")}</td>`);
  return dataTable(block, `<tr>${parts.join("")}</tr>`, cls);
}

export function commerceBlock(block: Block, ctx: BuildContext, node: NodeContext, cls?: string): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  switch (block.type) {
    case "product": return product(block, ctx, node, cls);
    case "discount":
    case "staticDiscount":
      return codeBlock({ code: escapeHtml(block.code), label: block.text }, ctx, node, s, cls);
    case "dynamicDiscount": {
      const note = block.expiresInDays ? `Valid for ${block.expiresInDays} day${block.expiresInDays === 1 ? "" : "s"}` : undefined;
      return codeBlock({ code: ctx.tokens.token(`$discount.${block.id}`, "text"), label: block.text ?? discountLabel(block), note }, ctx, node, s, cls);
    }
    default:
      break;
  }
  if (!ctx.shape.order) return "";
  switch (block.type) {
    case "orderSummary": {
      const lines = [
        block.showOrderNumber !== false ? `Order <strong>#${ctx.tokens.token("$order.number", "text")}</strong>` : "",
        block.showOrderDate !== false ? `Placed on ${ctx.tokens.token("$order.date", "text")}` : "",
      ].filter(Boolean);
      return el("mj-text", { ...textAttrs(s), "css-class": cls }, lines.join("<br />"));
    }
    case "orderProducts": return orderProducts(block, ctx, cls);
    case "orderTotal": return orderTotal(block, ctx, cls);
    case "orderAddresses": return orderAddresses(block, ctx, cls);
    default: return "";
  }
}
