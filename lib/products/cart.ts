// Cart recovery: the recipient's latest cart (added to cart / started checkout) when no order followed it.
import { catalogByIds, contactEvents, lineItemsOf, num, productsByIds, str, toView } from "./catalog";
import { formatPrice, type ProductView } from "./product-view";

const CART_EVENTS = ["added product to cart", "started checkout"] as const;

export type Cart = { eventTime: Date; currency?: string; checkoutUrl?: string; lineItems: Record<string, unknown>[] };

/** The cart an event describes (its lineItems, currency and checkout link), e.g. the event that triggered an automation. */
export function cartOfEvent(properties: Record<string, unknown>, eventTime = new Date()): Cart | null {
  const lineItems = lineItemsOf(properties);
  if (lineItems.length === 0) return null;
  return { eventTime, currency: str(properties.currency), checkoutUrl: str(properties.abandonedCheckoutURL), lineItems };
}

export async function latestOpenCart(brandId: string, contactId: string): Promise<Cart | null> {
  const [latest] = await contactEvents(brandId, contactId, [...CART_EVENTS, "placed order"], undefined, 1);
  // The newest of carts and orders decides: an order after the cart closes it.
  if (!latest || latest.eventName === "placed order") return null;
  const p = latest.properties;
  return { eventTime: latest.eventTime, currency: str(p.currency), checkoutUrl: str(p.abandonedCheckoutURL), lineItems: lineItemsOf(p) };
}

/**
 * One product per cart line (up to `slots`): the catalog's product, then the line's own data, then
 * what other events said of the product. The cart is the one given (an automation's triggering event),
 * else the contact's latest open cart.
 */
export async function cartProducts(brandId: string, contactId: string, slots: number, given?: Cart | null): Promise<ProductView[]> {
  const cart = given ?? (await latestOpenCart(brandId, contactId));
  if (!cart) return [];
  const lines = cart.lineItems.filter((i) => str(i.productID)).slice(0, slots);
  const ids = lines.map((i) => str(i.productID)!);
  const [catalog, seen] = await Promise.all([catalogByIds(brandId, ids), productsByIds(brandId, ids)]);
  const seenById = new Map(seen.map((r) => [r.productId, toView(r)]));
  return lines.map((line) => {
    const id = str(line.productID)!;
    const listed = catalog.get(id);
    const fromCatalog = listed ? toView(listed) : undefined;
    const known = seenById.get(id);
    const price = num(line.productPrice);
    const first = (...values: (string | undefined)[]) => values.find((v) => v) ?? "";
    return {
      productID: id,
      title: first(fromCatalog?.title, str(line.productTitle), known?.title),
      price: first(fromCatalog?.price, price !== undefined ? formatPrice(price, cart.currency) : undefined, known?.price),
      // The checkout link brings the whole cart back; a product page is the next best thing.
      url: first(cart.checkoutUrl, fromCatalog?.url, str(line.productURL), known?.url),
      imageUrl: first(fromCatalog?.imageUrl, str(line.productImageURL), known?.imageUrl),
      description: fromCatalog?.description ?? "",
    };
  });
}
