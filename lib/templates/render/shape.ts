// The recipient-dependent structure of a render: which nodes show, how many product slots are filled,
// how long each dynamic list is. Renders with equal shapes share one compiled HTML.

export type Shape = {
  /** node ids (sections, blocks) hidden for this recipient by a visibility condition */
  hidden: string[];
  /** product slot sections: per filled slot, whether the product has an image */
  slots: Record<string, boolean[]>;
  /** products_listing blocks: found (with or without image); absent: product unknown */
  listing: Record<string, { image: boolean }>;
  /** dynamic_list sections: number of items */
  lists: Record<string, number>;
  /** the recipient's latest order: line items and which lines have images; null: no order */
  order: { images: boolean[] } | null;
};

export function shapeKey(shape: Shape): string {
  const bits = (a: boolean[]) => a.map((b) => (b ? "1" : "0")).join("");
  const sorted = <T>(o: Record<string, T>, f: (v: T) => string) =>
    Object.keys(o)
      .sort()
      .map((k) => `${k}:${f(o[k])}`)
      .join(",");
  return [
    [...shape.hidden].sort().join(","),
    sorted(shape.slots, bits),
    sorted(shape.listing, (v) => (v.image ? "1" : "0")),
    sorted(shape.lists, String),
    shape.order ? bits(shape.order.images) : "-",
  ].join("|");
}
