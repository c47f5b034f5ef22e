// Gathers what one recipient's render shows: products per slot, listed products, list items, the
// latest order, discount codes, conditional visibility. A preview (no recipient) shows sample data.
import { signingKey } from "@/lib/auth/keys";
import { createHmac } from "node:crypto";
import { backInStockProducts } from "@/lib/products/back-in-stock";
import { cartOfEvent, cartProducts, latestOpenCart } from "@/lib/products/cart";
import { contactEvents, productsByIds, toView } from "@/lib/products/catalog";
import { latestOrder, orderOfEvent, orderView } from "@/lib/products/orders";
import { missingLinks, type ProductView, type SkippedProduct } from "@/lib/products/product-view";
import { MAX_SLOTS, recommendProducts } from "@/lib/products/recommend";
import type { Block } from "@/lib/templates/schema";
import { hiddenNodes } from "./conditions";
import type { RecipientData } from "./recipient-data";
import type { Recipient } from "./recipient";
import { SAMPLE_CONTACT, SAMPLE_ORDER, sampleListItems, sampleProducts } from "./sample-data";
import type { Warning } from "./tokens";
import type { RenderSection, RenderableTemplate } from "./types";
import type { LinkMode } from "@/lib/recipient-links/link-token";
import { recipientLinks, type RecipientLinks } from "@/lib/recipient-links/recipient-links";

export type Brand = { id: string; plan: string; features: unknown; name?: string; postalAddress?: string | null };

/**
 * Whose links the message.* tags fill: a render for a contact gets the contact's working links, a test
 * send links that only show what would happen (mode "test"), a preview links without a contact. A sent
 * message brings its own links (`links`: the message's token, lib/recipient-links/message-token.ts).
 */
export type LinkOptions = { mode?: LinkMode; links?: RecipientLinks };

/**
 * What a campaign or an automation hands over for one recipient (lib/delivery): the event that triggered
 * the email fills cart recovery (its lineItems), back in stock (its productID or lineItems), the order
 * blocks (a "placed order" event: the order that started a post-purchase flow, not a later one) and
 * dynamic lists whose path starts with event.
 */
export type Handover = { event?: { eventName: string; properties: Record<string, unknown>; eventTime?: string } };
type Props = Record<string, unknown>;

const ORDER_BLOCKS = new Set(["orderSummary", "orderProducts", "orderTotal", "orderAddresses"]);
const DEFAULT_LIST_LIMIT = 10;

function blocksOf(section: RenderSection): Block[] {
  return section.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks));
}

function productLine(p: ProductView): Props {
  return {
    productID: p.productID,
    productTitle: p.title,
    productPrice: p.price,
    productURL: p.url,
    productImageURL: p.imageUrl,
    title: p.title,
    price: p.price,
    url: p.url,
    imageUrl: p.imageUrl,
  };
}

/** A dynamicDiscount code stable per recipient and block (an e-commerce plugin would issue real ones). */
export function discountCode(brandId: string, blockId: string, contactId: string, prefix = ""): string {
  const digest = createHmac("sha256", signingKey("discount-code")).update(`${brandId}:${blockId}:${contactId}`).digest();
  const code = Array.from(digest.subarray(0, 8), (b) => "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[b % 32]).join("");
  return prefix ? `${prefix}-${code}` : code;
}

async function listItems(brand: Brand, section: RenderSection, recipient: Recipient, handover?: Handover): Promise<Props[]> {
  const config = section.settings?.dynamicList;
  if (!config) return [];
  const limit = config.repetitionCount ?? DEFAULT_LIST_LIMIT;
  const listPath = config.listPath ?? "order.products";
  switch (listPath) {
    case "order.products":
      return ((await latestOrder(brand.id, recipient.id))?.lineItems ?? []).slice(0, limit);
    case "cart.products":
      return ((await latestOpenCart(brand.id, recipient.id))?.lineItems ?? []).slice(0, limit);
    case "recommendations":
      return (await recommendProducts(brand, recipient.id, { type: "newest" }, Math.min(limit, MAX_SLOTS))).map(productLine);
    default: {
      // Any other path is read from the handed-over event, else from the recipient's most recent event that carries a list there.
      const path = listPath.replace(/^event\./, "").split(".");
      const events = handover?.event
        ? [{ properties: handover.event.properties }]
        : await contactEvents(brand.id, recipient.id, [], undefined, 50);
      for (const event of events) {
        let at: unknown = event.properties;
        for (const key of path) at = at && typeof at === "object" ? (at as Props)[key] : undefined;
        if (Array.isArray(at)) return at.filter((i): i is Props => !!i && typeof i === "object").slice(0, limit);
      }
      return [];
    }
  }
}

function skippedWarning(product: SkippedProduct, pointer: string): Warning {
  const what = product.missing.map((m) => (m === "url" ? "no product page URL" : "no image")).join(" and ");
  return {
    code: "product-skipped",
    productID: product.productID,
    pointer,
    message: `Product "${product.title || product.productID}" (${product.productID}) has ${what}, so it was left out; add it in the catalog (PUT /api/products/${encodeURIComponent(product.productID)})`,
  };
}

/** The products a card can show (link and image); the others are named in the warnings. */
function complete(products: ProductView[], report: (p: SkippedProduct) => void): ProductView[] {
  return products.filter((p) => {
    const missing = missingLinks(p);
    if (missing.length > 0) report({ productID: p.productID, title: p.title, missing });
    return missing.length === 0;
  });
}

/** The prefix a discount block's placeholder carries (VIP-XXXX-XXXX-XXXX → VIP), if any. */
function codePrefix(block: Block): string | undefined {
  const code = block.components?.find((c) => c.role === "discount_code")?.text ?? block[block.type as "discount"]?.code ?? "";
  return /([A-Za-z0-9_]+)-XXXX-XXXX-XXXX/.exec(code)?.[1];
}

/**
 * What a render shows. No recipient: a preview with sample data, or with `empty` (email content renders)
 * an empty data context: no contact values, no products, no order, empty lists.
 */
export async function loadRecipientData(
  brand: Brand,
  template: RenderableTemplate,
  recipient: Recipient | null,
  options: { empty?: boolean; handover?: Handover } & LinkOptions = {},
): Promise<RecipientData> {
  if (!recipient && options.empty) return emptyData(brand, template);
  const data: RecipientData = {
    contact: recipient ?? SAMPLE_CONTACT,
    hidden: recipient ? hiddenNodes(template.sections, recipient) : [],
    slots: {},
    listing: {},
    lists: {},
    order: null,
    discounts: {},
    warnings: [],
    ...brandValues(brand, template, recipient, options.mode),
    ...(options.links ? { links: options.links } : {}),
  };
  const handover = options.handover;
  const allBlocks = template.sections.flatMap(blocksOf);
  const work: Promise<unknown>[] = [];

  template.sections.forEach((section, index) => {
    const slots = Math.min(blocksOf(section).filter((b) => b.type === "product").length, MAX_SLOTS);
    const report = (product: SkippedProduct) => data.warnings!.push(skippedWarning(product, `/sections/${index}`));
    const fill = (p: Promise<ProductView[]>) => work.push(p.then((products) => (data.slots[section.id] = complete(products, report))));
    switch (section.type) {
      case "product_recommender":
        if (section.productRecommender)
          fill(recommendProducts(brand, recipient?.id ?? null, section.productRecommender, slots, new Date(), report));
        break;
      case "product_cart_recovery":
        fill(
          recipient
            ? cartProducts(brand.id, recipient.id, slots, handover?.event ? cartOfEvent(handover.event.properties) : undefined)
            : Promise.resolve(sampleProducts(slots)),
        );
        break;
      case "product_back_in_stock":
        fill(
          recipient
            ? backInStockProducts(brand.id, recipient.id, slots, handedOverProducts(handover))
            : Promise.resolve(sampleProducts(slots)),
        );
        break;
      case "dynamic_list":
        work.push(
          (recipient ? listItems(brand, section, recipient, handover) : Promise.resolve(sampleListItems())).then(
            (items) => (data.lists[section.id] = items),
          ),
        );
        break;
    }
  });

  const listed = allBlocks.filter((b) => b.type === "product" && !!b.product?.productID);
  if (listed.length) {
    work.push(
      productsByIds(
        brand.id,
        listed.map((b) => b.product!.productID!),
      ).then((rows) => {
        const byId = new Map(rows.map((r) => [r.productId, toView(r)]));
        listed.forEach((b, i) => {
          const product = byId.get(b.product!.productID!) ?? (recipient ? undefined : sampleProducts(i + 1)[i]);
          const pointer = template.sections.findIndex((section) => blocksOf(section).includes(b));
          const report = (skipped: SkippedProduct) => data.warnings!.push(skippedWarning(skipped, `/sections/${pointer}`));
          if (product && complete([product], report).length === 1) data.listing[b.id] = product;
        });
      }),
    );
  }

  if (allBlocks.some((b) => ORDER_BLOCKS.has(b.type))) {
    work.push(
      recipient
        ? (handover?.event ? Promise.resolve(orderOfEvent(handover.event)) : Promise.resolve(null))
            .then((o) => o ?? latestOrder(brand.id, recipient.id))
            .then((o) => (data.order = o ? orderView(o) : null))
        : Promise.resolve((data.order = SAMPLE_ORDER)),
    );
  }

  for (const b of allBlocks) {
    if (b.type === "dynamicDiscount" || b.type === "discount")
      data.discounts[b.id] = discountCode(brand.id, b.id, recipient?.id ?? "preview", codePrefix(b));
  }
  await Promise.all(work);
  return data;
}

/** The products a handed-over event names (productID, or its lineItems' productIDs); undefined when none. */
function handedOverProducts(handover: Handover | undefined): string[] | undefined {
  const p = handover?.event?.properties;
  if (!p) return undefined;
  const ids = [p.productID, ...(Array.isArray(p.lineItems) ? p.lineItems.map((i) => (i as Props)?.productID) : [])].filter(
    (id): id is string => typeof id === "string" && id.length > 0,
  );
  return ids.length ? [...new Set(ids)] : undefined;
}

/** The brand's details (brand.* tags) and the recipient's links (message.* tags). */
function brandValues(
  brand: Brand,
  template: RenderableTemplate,
  recipient: Recipient | null,
  mode?: LinkMode,
): Pick<RecipientData, "brand" | "links"> {
  // An address is written on several lines in the settings; an email shows it on one.
  const postalAddress =
    brand.postalAddress
      ?.split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .join(", ") || null;
  return {
    brand: { name: brand.name ?? "", postalAddress },
    links: recipientLinks({
      mode: recipient ? (mode ?? "live") : "preview",
      brandId: brand.id,
      contactId: recipient?.id ?? null,
      templateId: template.id ?? null,
    }),
  };
}

function emptyData(brand: Brand, template: RenderableTemplate): RecipientData {
  const data: RecipientData = {
    contact: {},
    hidden: hiddenNodes(template.sections, {}),
    slots: {},
    listing: {},
    lists: {},
    order: null,
    discounts: {},
    emptyContext: true,
    ...brandValues(brand, template, null),
  };
  for (const b of template.sections.flatMap(blocksOf)) {
    if (b.type === "dynamicDiscount" || b.type === "discount")
      data.discounts[b.id] = discountCode(brand.id, b.id, "preview", codePrefix(b));
  }
  return data;
}
