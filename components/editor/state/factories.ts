// New nodes for the palette: every writable block type and section layout, with defaults the API accepts.
import type { AnyNode, Block, BlockType, Column, NodeKind, Row, Section } from "./document";

type WritableSectionType = Exclude<NonNullable<Section["type"]>, "badge" | "universal_layout">;

/** Block types a person can add (html is read-only; price is a product's part). */
export type PaletteBlockType = Exclude<BlockType, "html" | "price">;
export type BlockTemplate = { type: PaletteBlockType; label: string; group: "Content" | "Commerce" | "Order" };

export const BLOCK_TYPES: readonly BlockTemplate[] = [
  { type: "text", label: "Text", group: "Content" },
  { type: "button", label: "Button", group: "Content" },
  { type: "image", label: "Image", group: "Content" },
  { type: "video", label: "Video", group: "Content" },
  { type: "logo", label: "Logo", group: "Content" },
  { type: "menu", label: "Menu", group: "Content" },
  { type: "social", label: "Social links", group: "Content" },
  { type: "htmlCode", label: "HTML code", group: "Content" },
  { type: "lineSpace", label: "Line / spacer", group: "Content" },
  { type: "preheader", label: "Preheader link", group: "Content" },
  { type: "product", label: "Product", group: "Commerce" },
  { type: "discount", label: "Discount code", group: "Commerce" },
  { type: "staticDiscount", label: "Static discount", group: "Commerce" },
  { type: "dynamicDiscount", label: "Dynamic discount", group: "Commerce" },
  { type: "orderSummary", label: "Order summary", group: "Order" },
  { type: "orderProducts", label: "Order products", group: "Order" },
  { type: "orderTotal", label: "Order total", group: "Order" },
  { type: "orderAddresses", label: "Order addresses", group: "Order" },
];

export const SECTION_TYPES: readonly { type: WritableSectionType; label: string; description: string }[] = [
  { type: "", label: "Section", description: "Rows and columns of any blocks" },
  { type: "products_listing", label: "Products listing", description: "Products you pick" },
  { type: "product_recommender", label: "Recommendations", description: "Personalized products, up to 12" },
  { type: "product_cart_recovery", label: "Cart recovery", description: "The recipient's cart items" },
  { type: "product_back_in_stock", label: "Back in stock", description: "Restocked products" },
  { type: "dynamic_list", label: "Dynamic list", description: "Repeats over a list" },
  { type: "preheader", label: "Preheader", description: "View-in-browser link" },
];

export function blockLabel(type: string): string {
  return BLOCK_TYPES.find((b) => b.type === type)?.label ?? type;
}

export function sectionLabel(type: string | undefined): string {
  if (type === "universal_layout") return "Saved layout";
  if (type === "badge") return "Badge";
  return SECTION_TYPES.find((s) => s.type === (type ?? ""))?.label ?? "Section";
}

/** A section as people call it: "Section" for a plain one, "Recommendations section" for the others. */
export function sectionName(type: string | undefined): string {
  const label = sectionLabel(type);
  return label === "Section" ? label : `${label} section`;
}

/** How the canvas, its toolbars and the drag announcements name a node. */
export function nodeLabel(kind: NodeKind, node: AnyNode): string {
  switch (kind) {
    case "section":
      return sectionName((node as Section).type);
    case "row": {
      const count = (node as Row).columns.length;
      return `Row of ${count} column${count === 1 ? "" : "s"}`;
    }
    case "column":
      return "Column";
    default:
      return `${blockLabel((node as Block).type)} block`;
  }
}

const EXAMPLE = "https://example.com";

/** The role-tagged parts a new product block shows (image, title, price, button). */
export function productParts(newId: () => string, buttonText = "Buy now"): NonNullable<Block["components"]> {
  return [
    { id: newId(), type: "image", role: "product_image" },
    { id: newId(), type: "text", role: "product_title" },
    { id: newId(), type: "text", role: "product_price" },
    { id: newId(), type: "button", role: "product_button", button: { text: buttonText } },
  ];
}

const codePart = (newId: () => string, text: string) => ({ id: newId(), type: "text" as const, role: "discount_code" as const, text });

export function newBlock(type: BlockType, newId: () => string, origin: string): Block {
  const id = newId();
  const placeholder = `${origin}/editor-placeholder.svg`;
  switch (type) {
    case "text":
      return { id, type, text: "<p>Write your message here.</p>" };
    case "button":
      return { id, type, button: { text: "Shop now", link: EXAMPLE }, stylePresetID: "primary_button" };
    case "image":
      return { id, type, image: { source: placeholder, altText: "" } };
    case "video":
      return { id, type, video: { link: "https://www.youtube.com/", altText: "Watch the video", image: { source: placeholder } } };
    case "logo":
      return { id, type, styleProperties: { alignment: "center" } };
    case "menu":
      return {
        id,
        type,
        menu: { layout: "horizontal", separator: "|" },
        components: ["Home", "Shop", "Contact"].map((text) => ({
          id: newId(),
          type: "text" as const,
          role: "menu_text" as const,
          text: `<a href="${EXAMPLE}">${text}</a>`,
        })),
      };
    case "social":
      return {
        id,
        type,
        social: {
          iconStyle: "color",
          size: "28px",
          icons: (["facebook", "instagram", "x"] as const).map((network) => ({ type: network, link: `https://${network}.com/` })),
        },
      };
    case "htmlCode":
      return { id, type, htmlCode: { style: "", body: "<p>Custom HTML</p>" } };
    case "lineSpace":
      return { id, type, lineSpace: { type: "line", height: 1, lineStyle: "solid" }, styleProperties: { dividerColor: "#d0d4e0" } };
    case "preheader":
      return { id, type, preheader: { linkText: "View this email in your browser" } };
    case "product":
      return { id, type, product: { buttonText: "Buy now" }, components: productParts(newId) };
    case "discount":
      return {
        id,
        type,
        discount: { code: "XXXX-XXXX-XXXX", discountType: "percentage", valuePercentage: "10", offerText: "Use this code at checkout" },
        components: [codePart(newId, "XXXX-XXXX-XXXX")],
      };
    case "staticDiscount":
      return {
        id,
        type,
        staticDiscount: { code: "WELCOME10", offerText: "Use this code at checkout" },
        components: [codePart(newId, "WELCOME10")],
      };
    case "dynamicDiscount":
      return {
        id,
        type,
        dynamicDiscount: {
          code: "XXXX-XXXX-XXXX",
          discountType: "percentage",
          valuePercentage: "10",
          endsIn: "30",
          offerText: "Your personal code",
        },
        components: [
          codePart(newId, "XXXX-XXXX-XXXX"),
          { id: newId(), type: "button", role: "discount_button", button: { text: "Shop now", link: EXAMPLE } },
        ],
      };
    case "orderSummary":
      return { id, type, orderSummary: {} };
    case "orderProducts":
      return { id, type, orderProducts: {} };
    case "orderTotal":
      return { id, type, orderTotal: {} };
    case "orderAddresses":
      return { id, type, orderAddresses: {} };
    default:
      throw new Error(`no factory for block type ${type}`);
  }
}

export const COLUMN_LAYOUTS = [1, 2, 3, 4] as const;

function columnWidth(count: number): string {
  return `${Math.round((100 / count) * 100) / 100}%`;
}

export function newColumn(newId: () => string, width: string | undefined, blocks: Block[] = []): Column {
  return { id: newId(), ...(width ? { width } : {}), blocks };
}

export function newRow(columnCount: number, newId: () => string, fill?: () => Block): Row {
  return {
    id: newId(),
    columns: Array.from({ length: columnCount }, () =>
      newColumn(newId, columnCount > 1 ? columnWidth(columnCount) : undefined, fill ? [fill()] : []),
    ),
  };
}

export function newSection(type: WritableSectionType, columnCount: number, newId: () => string, origin: string): Section {
  const id = newId();
  const product = () => newBlock("product", newId, origin);
  switch (type) {
    case "products_listing":
    case "product_cart_recovery":
    case "product_back_in_stock":
      return { id, type, rows: [newRow(columnCount, newId, product)] };
    case "product_recommender":
      return {
        id,
        type,
        rows: [newRow(columnCount, newId, product)],
        productRecommender: { type: "popular", fallbackType: "newest", isOutOfStockIncluded: false },
      };
    case "dynamic_list":
      return {
        id,
        type,
        rows: [newRow(columnCount, newId)],
        settings: { dynamicList: { listPath: "order.products", layout: "list", repetitionCount: 10 } },
      };
    case "preheader":
      return { id, type, rows: [newRow(1, newId, () => newBlock("preheader", newId, origin))] };
    default:
      return { id, rows: [newRow(columnCount, newId)] };
  }
}

/** Section types that take a column layout from the palette (the preheader is always one column). */
export function takesColumns(type: WritableSectionType): boolean {
  return type !== "preheader";
}
