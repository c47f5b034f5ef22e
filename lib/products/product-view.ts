// A product as a template shows it: display strings, ready to be placed in a card.
export type ProductView = {
  productID: string;
  title: string;
  price: string;
  url: string;
  imageUrl: string;
  description: string;
};

// A formatter per currency, made once: creating an Intl.NumberFormat costs far more than formatting with
// one, and a send formats the same prices for every recipient. null: an ISO code Intl does not know.
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterOf(currency: string): Intl.NumberFormat | null {
  let formatter = formatters.get(currency);
  if (formatter === undefined) {
    try {
      formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    } catch {
      formatter = null;
    }
    if (formatters.size < 500) formatters.set(currency, formatter);
  }
  return formatter;
}

export function formatPrice(amount: number | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  // an unknown ISO code: the plain number
  const formatter = currency && /^[A-Z]{3}$/.test(currency) ? formatterOf(currency) : null;
  return formatter ? formatter.format(amount) : amount.toFixed(2);
}

/** A product left out of an email because its card would have no link or no image. */
export type SkippedProduct = { productID: string; title: string; missing: ("url" | "image")[] };

/** What a product card lacks: a product page link and an image are both needed. */
export function missingLinks(view: Pick<ProductView, "url" | "imageUrl">): SkippedProduct["missing"] {
  return [...(view.url ? [] : ["url" as const]), ...(view.imageUrl ? [] : ["image" as const])];
}
