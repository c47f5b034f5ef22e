// Commerce blocks → MJML: product cards, discount codes and the order blocks. Their values are
// per-recipient tokens ($slot..., $product..., $order..., $discount...) filled after compilation.
// Product and discount blocks draw their role-tagged components, in order.
import type { Block, BlockComponent } from "@/lib/templates/schema";
import { escapeHtml } from "../tags";
import { buttonMarkup, classes, userHtml, wrapped } from "./blocks";
import { presetById, type BuildContext, type NodeContext } from "./context";
import { boxAttrs, buttonStyles, mergeStyles, textAttrs, type Styles } from "./styles";
import { el, escapeAttr } from "./xml";

export const DISCOUNT_PLACEHOLDER = "XXXX-XXXX-XXXX";

const DEFAULT_PRODUCT_PARTS: BlockComponent[] = [
  { type: "image", role: "product_image" },
  { type: "text", role: "product_title" },
  { type: "text", role: "product_price" },
  { type: "button", role: "product_button" },
];

function productPart(
  part: BlockComponent,
  block: Block,
  ctx: BuildContext,
  node: NodeContext,
  cls: string | undefined,
  base: Styles,
): string {
  if (!node.product) return "";
  const { prefix, image } = node.product;
  const t = (field: string) => ctx.tokens.token(`${prefix}.${field}`, "text");
  const url = ctx.tokens.token(`${prefix}.url`, "url", "#");
  const text = (presetId: string, content: string, extra: Styles = {}) => {
    const s = mergeStyles(presetById(ctx.textPresets, part.stylePresetID ?? presetId), {
      ...base,
      ...extra,
      ...(part.styleProperties ?? {}),
    });
    return el("mj-text", { ...textAttrs(s), "padding-bottom": s.paddingBottom ?? "4px", "css-class": cls }, wrapped(content, s));
  };
  switch (part.role) {
    case "product_image":
      return image
        ? el("mj-image", {
            ...boxAttrs({ ...base, ...(part.styleProperties ?? {}) }),
            src: ctx.tokens.token(`${prefix}.imageUrl`, "url"),
            href: url,
            alt: t("title"),
            "padding-bottom": "8px",
            "css-class": cls,
          })
        : "";
    case "product_title":
      return text("heading_small", part.text ? userHtml(part.text, ctx, node) : t("title"));
    case "product_description":
      return text("footnote", part.text ? userHtml(part.text, ctx, node) : t("description"), { color: base.secondaryColor ?? base.color });
    case "product_price":
    case "product_current_price":
      return text("paragraph", t("price"), { color: base.priceColor ?? base.color });
    case "product_old_price":
      return text("footnote", `<s>${t("oldPrice")}</s>`, { color: base.secondaryColor ?? base.color });
    case "product_prices":
      return (part.components?.length ? part.components : [{ type: "text" as const, role: "product_current_price" as const }])
        .map((p) => productPart(p, block, ctx, node, cls, base))
        .join("");
    case "product_button": {
      const s = buttonStyles(
        presetById(ctx.buttonPresets, part.stylePresetID ?? block.stylePresetID ?? "primary_button"),
        part.styleProperties,
      );
      const label = part.button?.text ?? block.product?.buttonText ?? "Shop now";
      return buttonMarkup({ ...part.button, text: label, link: part.button?.link }, s, ctx, node, cls, url);
    }
    default:
      return "";
  }
}

function product(block: Block, ctx: BuildContext, node: NodeContext): string {
  if (!node.product) return "";
  const base: Styles = { alignment: "center", ...(block.styleProperties ?? {}) };
  const cls = classes(ctx, block.visibility, base);
  const parts = block.components?.length ? block.components : DEFAULT_PRODUCT_PARTS;
  return parts.map((part) => productPart(part, block, ctx, node, cls, base)).join("");
}

const CODE_BOX =
  "display:inline-block;border:2px dashed #999999;padding:10px 16px;font-size:20px;font-weight:bold;letter-spacing:1px;word-break:break-all";

function offerLabel(offer: NonNullable<Block["discount"]>): string | undefined {
  if (offer.offerText) return offer.offerText;
  if (offer.discountType === "shipping") return "Free shipping";
  if (offer.discountType === "percentage" && offer.valuePercentage) return `${offer.valuePercentage}% off`;
  if (offer.discountType === "fixed" && offer.valueFixed) return `${offer.valueFixed} off`;
  return undefined;
}

/** The code a recipient sees: a per-recipient code where the block issues one, else the text as written. */
function codeHtml(block: Block, part: BlockComponent, ctx: BuildContext, node: NodeContext): string {
  const written = part.text ?? block[block.type as "discount"]?.code ?? "";
  if (block.type !== "staticDiscount" && written.includes(DISCOUNT_PLACEHOLDER)) {
    const token = ctx.tokens.token(`$discount.${block.id}`, "text");
    // The block's own prefix (e.g. VIP-XXXX-XXXX-XXXX) is part of the issued code (load-recipient-data.ts).
    return userHtml(written.replace(/[A-Za-z0-9_]+-XXXX-XXXX-XXXX|XXXX-XXXX-XXXX/, token), ctx, node);
  }
  return userHtml(written, ctx, node);
}

function discount(block: Block, ctx: BuildContext, node: NodeContext): string {
  const offer = block[block.type as "discount"] ?? {};
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  const cls = classes(ctx, block.visibility, s);
  const label = offerLabel(offer);
  const out: string[] = [];
  const texts: string[] = label ? [`<div style="padding-bottom:8px">${escapeHtml(ctx.tokens.plain(label, node))}</div>`] : [];
  const flush = () => {
    if (texts.length)
      out.push(el("mj-text", { ...textAttrs(s), align: s.alignment ?? "center", "css-class": cls }, wrapped(texts.join(""), s)));
    texts.length = 0;
  };
  (block.components ?? []).forEach((part, i) => {
    const at = { ...node, pointer: `${node.pointer}/components/${i}` };
    const own = part.styleProperties ?? {};
    if (part.role === "discount_code") texts.push(`<div style="${escapeAttr(CODE_BOX)}">${codeHtml(block, part, ctx, at)}</div>`);
    else if (part.role === "discount_expiration_date")
      texts.push(`<div style="padding-top:8px;font-size:12px">${userHtml(part.text ?? "", ctx, at)}</div>`);
    else if (part.role === "discount_button") {
      flush();
      const bs = buttonStyles(presetById(ctx.buttonPresets, part.stylePresetID ?? "primary_button"), own);
      out.push(buttonMarkup({ ...part.button, link: part.button?.link ?? offer.link }, bs, ctx, at, cls));
    }
  });
  flush();
  return out.join("");
}

const cell = "padding:6px 4px;vertical-align:middle";
/** Order tables: marked as data tables, so the plain-text part lays them out as tables too. */
function dataTable(block: Block, ctx: BuildContext, rows: string, title?: string): string {
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  const heading = title ? `<div style="font-weight:bold;padding-bottom:6px">${escapeHtml(title)}</div>` : "";
  const table = `<table class="ink-data" role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse">${rows}</table>`;
  return el("mj-text", { ...textAttrs(s), "css-class": classes(ctx, block.visibility, s) }, wrapped(heading + table, s));
}

/** The smaller text of order blocks (secondaryStylePresetID, else the footnote preset). */
function secondaryCss(block: Block, ctx: BuildContext): string {
  const p = presetById(ctx.textPresets, block.secondaryStylePresetID ?? "footnote")?.styles;
  const color = block.styleProperties?.secondaryColor ?? p?.color;
  return [p?.fontSize && `font-size:${p.fontSize}`, color && `color:${color}`].filter(Boolean).join(";");
}

function orderProducts(block: Block, ctx: BuildContext): string {
  const hidden = block.orderProducts?.hiddenFields ?? {};
  const priceColor = block.styleProperties?.priceColor;
  const images = ctx.shape.order?.images ?? [];
  const rows = images.map((hasImage, i) => {
    const t = (f: string) => ctx.tokens.token(`$order.items.${i}.${f}`, "text");
    const img =
      !hidden.isImageHidden && hasImage
        ? `<td style="${cell};width:64px"><img src="${ctx.tokens.token(`$order.items.${i}.imageUrl`, "url")}" alt="${t("title")}" width="64" style="display:block;width:64px;height:auto;border:0" /></td>`
        : "";
    const title = !hidden.isTitleHidden ? `<td style="${cell}">${t("title")}</td>` : "";
    const qty = !hidden.isQuantityHidden ? `<td style="${cell};text-align:center;${secondaryCss(block, ctx)}">× ${t("quantity")}</td>` : "";
    const price = !hidden.isPriceHidden
      ? `<td style="${cell};text-align:right${priceColor ? `;color:${priceColor}` : ""}">${t("price")}</td>`
      : "";
    return `<tr>${img}${title}${qty}${price}</tr>`;
  });
  return dataTable(block, ctx, rows.join(""));
}

function orderTotal(block: Block, ctx: BuildContext): string {
  const hidden = block.orderTotal?.hiddenFields ?? {};
  const lines: Array<[boolean | undefined, string, string]> = [
    [hidden.isSubTotalHidden, "Subtotal", "subtotal"],
    [hidden.isDiscountTotalHidden, "Discount", "discount"],
    [hidden.isShippingPriceHidden, "Shipping", "shipping"],
    [hidden.isTaxTotalHidden, "Tax", "tax"],
  ];
  const rows = lines
    .filter(([isHidden]) => !isHidden)
    .map(
      ([, label, f]) =>
        `<tr><td style="${cell}">${label}</td><td style="${cell};text-align:right">${ctx.tokens.token(`$order.${f}`, "text")}</td></tr>`,
    );
  if (!hidden.isOrderTotalHidden)
    rows.push(
      `<tr><td style="${cell};font-weight:bold">Total</td><td style="${cell};text-align:right;font-weight:bold">${ctx.tokens.token("$order.total", "text")}</td></tr>`,
    );
  return dataTable(block, ctx, rows.join(""));
}

function orderAddresses(block: Block, ctx: BuildContext): string {
  const a = block.orderAddresses ?? {};
  const allHidden = (h: Record<string, boolean | undefined> | undefined) =>
    !!h && ["isNameSurnameHidden", "isAddress1Hidden", "isCityHidden", "isCountryHidden"].every((k) => h[k]);
  const parts: string[] = [];
  if (!allHidden(a.hiddenFields?.billing))
    parts.push(
      `<td style="${cell};vertical-align:top"><strong>Billing address</strong><br />${ctx.tokens.token("$order.billingAddress", "text")}</td>`,
    );
  if (!allHidden(a.hiddenFields?.shipping))
    parts.push(
      `<td style="${cell};vertical-align:top"><strong>Shipping address</strong><br />${ctx.tokens.token("$order.shippingAddress", "text")}</td>`,
    );
  return dataTable(block, ctx, `<tr>${parts.join("")}</tr>`, a.hiddenFields?.isTitleHidden ? undefined : a.title);
}

function orderSummary(block: Block, ctx: BuildContext): string {
  const o = block.orderSummary ?? {};
  const hidden = o.hiddenFields ?? {};
  const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID), block.styleProperties);
  const lines = [
    o.title && !hidden.isTitleHidden ? `<strong>${escapeHtml(o.title)}</strong>` : "",
    !hidden.isOrderIDHidden ? `Order <strong>#${ctx.tokens.token("$order.number", "text")}</strong>` : "",
    !hidden.isDateHidden
      ? `<span style="${escapeAttr(secondaryCss(block, ctx))}">Placed on ${ctx.tokens.token("$order.date", "text")}</span>`
      : "",
  ].filter(Boolean);
  return el("mj-text", { ...textAttrs(s), "css-class": classes(ctx, block.visibility, s) }, wrapped(lines.join("<br />"), s));
}

export function commerceBlock(block: Block, ctx: BuildContext, node: NodeContext): string {
  switch (block.type) {
    case "product":
      return product(block, ctx, node);
    case "discount":
    case "staticDiscount":
    case "dynamicDiscount":
      return discount(block, ctx, node);
    case "price": {
      const s = mergeStyles(presetById(ctx.textPresets, block.stylePresetID ?? "paragraph"), block.styleProperties);
      return el(
        "mj-text",
        { ...textAttrs({ ...s, color: s.priceColor ?? s.color }), "css-class": classes(ctx, block.visibility, s) },
        wrapped(userHtml(block.text ?? "", ctx, node), s),
      );
    }
    default:
      break;
  }
  if (!ctx.shape.order) return "";
  switch (block.type) {
    case "orderSummary":
      return orderSummary(block, ctx);
    case "orderProducts":
      return orderProducts(block, ctx);
    case "orderTotal":
      return orderTotal(block, ctx);
    case "orderAddresses":
      return orderAddresses(block, ctx);
    default:
      return "";
  }
}
