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
