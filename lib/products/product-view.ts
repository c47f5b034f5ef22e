// A product as a template shows it: display strings, ready to be placed in a card.
export type ProductView = {
  productID: string;
  title: string;
  price: string;
  url: string;
  imageUrl: string;
  description: string;
};

export function formatPrice(amount: number | null | undefined, currency?: string | null): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
    } catch {
      // an unknown ISO code: fall through to the plain number
    }
  }
  return amount.toFixed(2);
}

/** A product left out of an email because its card would have no link or no image. */
export type SkippedProduct = { productID: string; title: string; missing: ("url" | "image")[] };

/** What a product card lacks: a product page link and an image are both needed. */
export function missingLinks(view: Pick<ProductView, "url" | "imageUrl">): SkippedProduct["missing"] {
  return [...(view.url ? [] : ["url" as const]), ...(view.imageUrl ? [] : ["image" as const])];
}
