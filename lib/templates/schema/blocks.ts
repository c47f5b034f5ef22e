// Blocks: the leaves of the document, one schema per type, discriminated by `type`.
// The deprecated `html` type is read-only and therefore absent here (validate-template.ts names it).
import { z } from "zod";
import { ImageSrc, Length, Link, NodeId } from "./primitives";
import { StyleProperties, Visibility } from "./styles";

const Html = z.string().max(200_000);
const PlainText = z.string().max(1000);

const base = {
  id: NodeId,
  stylePresetID: z.string().min(1).max(64).optional().meta({ description: "Id of a button or text preset (given in generalSettings, or a default one)" }),
  styleProperties: StyleProperties.optional(),
  visibility: Visibility.optional(),
};

function block<T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S, description: string) {
  return z.strictObject({ ...base, type: z.literal(type), ...shape }).meta({ id: `${type[0].toUpperCase()}${type.slice(1)}Block`, description });
}

export const TextBlock = block("text", {
  text: Html.meta({ description: "Rich text (HTML) with personalization tags such as [[contact.first_name | there]]" }),
}, "Rich text");

export const ButtonBlock = block("button", {
  text: PlainText.min(1).meta({ description: "Button label; personalization tags allowed" }),
  link: Link,
  openInNewTab: z.boolean().optional(),
  fullWidth: z.boolean().optional(),
}, "A clickable button");

export const ImageBlock = block("image", {
  src: ImageSrc,
  alt: PlainText.optional().meta({ description: "Alternative text" }),
  link: Link.optional(),
  width: Length.optional().meta({ description: "Resize width in px or %; omitted: natural width up to the column" }),
  align: z.enum(["left", "center", "right"]).optional(),
}, "An image with optional link and alternative text");

export const VideoBlock = block("video", {
  videoUrl: Link.meta({ description: "Where the thumbnail links to (YouTube, Vimeo, ...)" }),
  thumbnailSrc: ImageSrc.meta({ description: "Thumbnail image URL" }),
  alt: PlainText.optional(),
  width: Length.optional(),
}, "A video thumbnail linking to the video");

export const LogoBlock = block("logo", {
  src: ImageSrc.optional().meta({ description: "Logo URL; omitted: generalSettings.logo.src" }),
  alt: PlainText.optional(),
  link: Link.optional().meta({ description: "omitted: generalSettings.logo.link" }),
  width: Length.optional().meta({ description: "omitted: generalSettings.logo.width" }),
  align: z.enum(["left", "center", "right"]).optional(),
}, "The brand logo");

export const MenuItem = z
  .strictObject({
    id: NodeId,
    type: z.literal("text"),
    role: z.literal("menu_text"),
    text: PlainText.min(1).meta({ description: "Item label" }),
    link: Link,
    styleProperties: StyleProperties.optional(),
  })
  .meta({ id: "MenuItem", description: "A menu entry: a text component with role menu_text" });

export const MenuBlock = block("menu", {
  components: z.array(MenuItem).max(20).meta({ description: "The menu's links, in order" }),
  layout: z.enum(["horizontal", "vertical"]).optional(),
  separator: z.string().max(10).optional().meta({ description: "Text between horizontal items, e.g. \"|\"" }),
}, "A menu of links");

export const SocialNetwork = z.enum([
  "facebook", "instagram", "x", "twitter", "linkedin", "youtube", "tiktok", "pinterest", "snapchat", "whatsapp", "telegram", "threads", "website", "email",
]);

export const SocialBlock = block("social", {
  icons: z.array(z.strictObject({ network: SocialNetwork, link: Link }).meta({ id: "SocialIcon" })).max(20),
  iconStyle: z.enum(["color", "dark", "light", "outline"]).optional(),
  iconSize: z.enum(["small", "medium", "large"]).optional(),
}, "Social media icon links");

export const HtmlCodeBlock = block("htmlCode", {
  style: z.string().max(1_048_576).default("").meta({ description: "CSS placed in the email's <head> style" }),
  body: z.string().max(1_048_576).meta({ description: "HTML placed where the block stands" }),
}, "Custom HTML with separate style and body");

export const LineSpaceBlock = block("lineSpace", {
  kind: z.enum(["line", "space"]).meta({ description: "A horizontal rule or an empty spacer" }),
  height: Length.optional().meta({ description: "Spacer height or line thickness" }),
  lineColor: StyleProperties.shape.color,
  lineStyle: z.enum(["solid", "dashed", "dotted"]).optional(),
}, "A horizontal line or spacer");

export const PreheaderBlock = block("preheader", {
  text: PlainText.meta({ description: "View-in-browser link text" }),
}, "View-in-browser link (campaign templates)");

export const ProductBlock = block("product", {
  productID: z.string().min(1).max(100).optional().meta({ description: "Picked product (products_listing); slots of recommender, cart recovery and back-in-stock sections leave it empty" }),
  showImage: z.boolean().optional(),
  showTitle: z.boolean().optional(),
  showPrice: z.boolean().optional(),
  showDescription: z.boolean().optional(),
  showButton: z.boolean().optional(),
  buttonText: PlainText.optional(),
}, "A product card: image, title, price, button");

export const DiscountBlock = block("discount", {
  code: z.string().min(1).max(100).meta({ description: "The discount code shown" }),
  text: PlainText.optional().meta({ description: "Text shown with the code" }),
}, "A discount code");

export const StaticDiscountBlock = block("staticDiscount", {
  code: z.string().min(1).max(100),
  text: PlainText.optional(),
}, "A static discount code (e-commerce plugin)");

export const DynamicDiscountBlock = block("dynamicDiscount", {
  discountType: z.enum(["percentage", "fixed_amount", "free_shipping"]),
  value: z.number().min(0).optional().meta({ description: "Percent or amount (not for free_shipping)" }),
  expiresInDays: z.number().int().min(1).max(365).optional(),
  prefix: z.string().max(20).optional().meta({ description: "Prefix of the generated code" }),
  text: PlainText.optional(),
}, "A unique code generated per recipient (e-commerce plugin)");

export const OrderSummaryBlock = block("orderSummary", {
  showOrderNumber: z.boolean().optional(),
  showOrderDate: z.boolean().optional(),
}, "Order identification details");

export const OrderProductsBlock = block("orderProducts", {
  showImage: z.boolean().optional(),
  showQuantity: z.boolean().optional(),
  showPrice: z.boolean().optional(),
}, "The ordered products");

export const OrderTotalBlock = block("orderTotal", {
  showSubtotal: z.boolean().optional(),
  showShipping: z.boolean().optional(),
  showTax: z.boolean().optional(),
  showDiscount: z.boolean().optional(),
}, "Pricing breakdown of the order");

export const OrderAddressesBlock = block("orderAddresses", {
  showBilling: z.boolean().optional(),
  showShipping: z.boolean().optional(),
}, "Billing and shipping addresses");

export const Block = z
  .discriminatedUnion("type", [
    TextBlock, ButtonBlock, ImageBlock, VideoBlock, LogoBlock, MenuBlock, SocialBlock, HtmlCodeBlock, LineSpaceBlock, PreheaderBlock,
    ProductBlock, DiscountBlock, StaticDiscountBlock, DynamicDiscountBlock, OrderSummaryBlock, OrderProductsBlock, OrderTotalBlock, OrderAddressesBlock,
  ])
  .meta({ id: "Block", description: "A block; `type` selects its fields. The deprecated type html is read-only and refused on write" });
export type Block = z.infer<typeof Block>;
export type BlockType = Block["type"];
