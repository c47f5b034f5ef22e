// Cart recovery: the recipient's latest cart (added to cart / started checkout) when no order followed it.
import { contactEvents, lineItemsOf, num, productsByIds, str, toView } from "./catalog";
import { formatPrice, type ProductView } from "./product-view";

const CART_EVENTS = ["added product to cart", "started checkout"] as const;

export type Cart = { eventTime: Date; currency?: string; checkoutUrl?: string; lineItems: Record<string, unknown>[] };

export async function latestOpenCart(brandId: string, contactId: string): Promise<Cart | null> {
  const [latest] = await contactEvents(brandId, contactId, [...CART_EVENTS, "placed order"], undefined, 1);
  // The newest of carts and orders decides: an order after the cart closes it.
  if (!latest || latest.eventName === "placed order") return null;
  const p = latest.properties;
  return { eventTime: latest.eventTime, currency: str(p.currency), checkoutUrl: str(p.abandonedCheckoutURL), lineItems: lineItemsOf(p) };
}

/** One product per cart line (up to `slots`): the line's own data, completed from the catalog. */
export async function cartProducts(brandId: string, contactId: string, slots: number): Promise<ProductView[]> {
  const cart = await latestOpenCart(brandId, contactId);
  if (!cart) return [];
  const lines = cart.lineItems.filter((i) => str(i.productID)).slice(0, slots);
  const catalog = new Map((await productsByIds(brandId, lines.map((i) => str(i.productID)!))).map((r) => [r.productId, toView(r)]));
  return lines.map((line) => {
    const known = catalog.get(str(line.productID)!);
    const price = num(line.productPrice);
    return {
      productID: str(line.productID)!,
      title: str(line.productTitle) ?? known?.title ?? "",
      price: price !== undefined ? formatPrice(price, cart.currency) : (known?.price ?? ""),
      // The checkout link brings the whole cart back; a product page is the next best thing.
      url: cart.checkoutUrl ?? str(line.productURL) ?? known?.url ?? "",
      imageUrl: str(line.productImageURL) ?? known?.imageUrl ?? "",
      description: "",
    };
  });
}
