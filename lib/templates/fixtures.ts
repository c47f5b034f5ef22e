// Valid template documents for tests and benchmarks: every block type, and a large one.
import type { z } from "zod";
import type { Block } from "./schema/blocks";
import type { TemplateInput } from "./schema/template";

// Loose on purpose: tests build invalid documents from the same pieces.
type Loose = Record<string, any>;
type Section = Loose & { id: string; rows: any[] };
type Doc = z.input<typeof TemplateInput>;

let counter = 0;
/** A fresh 24-hex node id, like the editor's. */
export const nid = () => (++counter).toString(16).padStart(24, "0");

const code = (text: string) => [{ id: nid(), type: "text" as const, role: "discount_code" as const, text }];

export const ALL_BLOCKS = (): Block[] => [
  { id: nid(), type: "text", text: "<p>Hello [[contact.first_name | there]]</p>", stylePresetID: "paragraph" },
  { id: nid(), type: "button", button: { text: "Shop now", link: "https://shop.example/sale" }, stylePresetID: "primary_button" },
  {
    id: nid(),
    type: "image",
    image: { source: "https://cdn.example/hero.png", altText: "Hero", link: "https://shop.example", resizeWidth: 600 },
  },
  { id: nid(), type: "video", video: { link: "https://video.example/v/1", image: { source: "https://cdn.example/thumb.png" } } },
  { id: nid(), type: "logo", logo: { link: "https://shop.example", resizeWidth: 120 }, image: { source: "https://cdn.example/logo.png" } },
  {
    id: nid(),
    type: "menu",
    components: [{ id: nid(), type: "text", role: "menu_text", text: '<a href="https://shop.example">Shop</a>' }],
  },
  { id: nid(), type: "social", social: { icons: [{ type: "instagram", link: "https://instagram.com/shop" }] } },
  { id: nid(), type: "htmlCode", htmlCode: { style: "p{color:red}", body: "<p>custom</p>" } },
  { id: nid(), type: "lineSpace", lineSpace: { type: "line", height: 1 }, styleProperties: { dividerColor: "#cccccc" } },
  { id: nid(), type: "preheader", preheader: { linkText: "View in browser" } },
  {
    id: nid(),
    type: "product",
    product: { productID: "sku-1" },
    components: [
      { id: nid(), type: "text", role: "product_title" },
      { id: nid(), type: "text", role: "product_price" },
    ],
  },
  { id: nid(), type: "discount", discount: { code: "WELCOME10" }, components: code("WELCOME10") },
  { id: nid(), type: "staticDiscount", staticDiscount: { code: "STATIC5" }, components: code("STATIC5") },
  {
    id: nid(),
    type: "dynamicDiscount",
    dynamicDiscount: { code: "XXXX-XXXX-XXXX", discountType: "percentage", valuePercentage: "10", endsIn: "7" },
    components: code("XXXX-XXXX-XXXX"),
  },
  { id: nid(), type: "orderSummary", orderSummary: {} },
  { id: nid(), type: "orderProducts", orderProducts: {} },
  { id: nid(), type: "orderTotal", orderTotal: {} },
  { id: nid(), type: "orderAddresses", orderAddresses: {} },
];

export function plainSection(blocks: Loose[] = ALL_BLOCKS(), columns = 1): Section {
  return {
    id: nid(),
    rows: [
      { id: nid(), columns: Array.from({ length: columns }, (_, c) => ({ id: nid(), width: "100%", blocks: c === 0 ? blocks : [] })) },
    ],
  };
}

export function productSection(type: string, products: number, extra: Loose = {}): Section {
  const blocks: Loose[] = Array.from({ length: products }, () => ({ id: nid(), type: "product", product: {} }));
  return { ...plainSection(blocks), type, ...extra };
}

export function fullTemplate(name = "Full template"): Doc {
  return {
    name,
    generalSettings: {
      content: { width: "600px", backgroundColor: "#ffffff", fontFamily: "Arial", fontSize: "16px", color: "rgb(20, 20, 20)" },
      body: { backgroundColor: "whitesmoke" },
      logo: { source: "https://cdn.example/logo.png", link: "https://shop.example", resizeWidth: 120 },
    },
    sections: [
      { ...plainSection([{ id: nid(), type: "preheader", preheader: { linkText: "View in browser" } }]), type: "preheader" },
      plainSection(),
      productSection("products_listing", 3),
      productSection("product_recommender", 12, {
        productRecommender: { type: "personalized", fallbackType: "popular", isOutOfStockIncluded: false, recencyMonths: 3, priceFrom: 10 },
      }),
      productSection("product_cart_recovery", 12),
      productSection("product_back_in_stock", 1),
      {
        ...plainSection([{ id: nid(), type: "orderProducts" }]),
        type: "dynamic_list",
        settings: { dynamicList: { listPath: "order.products", repetitionCount: 10 } },
      },
    ],
  };
}

/** The benchmark's large template: sections x rows x columns x blocks. */
export function largeTemplate(name: string, sections = 50, rows = 2, columns = 2, blocks = 3): Doc {
  return {
    name,
    sections: Array.from({ length: sections }, () => ({
      id: nid(),
      rows: Array.from({ length: rows }, () => ({
        id: nid(),
        columns: Array.from({ length: columns }, () => ({
          id: nid(),
          width: `${100 / columns}%`,
          blocks: Array.from({ length: blocks }, (_, k): Block =>
            k % 3 === 0
              ? { id: nid(), type: "text", text: "<p>Lorem ipsum dolor sit amet, [[contact.first_name]]</p>", stylePresetID: "paragraph" }
              : k % 3 === 1
                ? { id: nid(), type: "button", button: { text: "Buy", link: "https://shop.example/p" }, stylePresetID: "primary_button" }
                : { id: nid(), type: "image", image: { source: "https://cdn.example/i.png", altText: "Image" } },
          ),
        })),
      })),
    })),
  };
}
