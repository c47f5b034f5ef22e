// Blocks as published: one Block object whose `type` says what it is, with that type's content nested
// under a key named after it (button, image, video, logo, social, htmlCode, lineSpace, preheader, product,
// discount, staticDiscount, dynamicDiscount, order*), and role-tagged `components` for the parts of menu,
// discount and product blocks. Rules across fields (which roles a type takes) are in validate-template.ts.
import { z } from "zod";
import { Logo, PixelInt } from "./general-settings";
import { AssetId, ImageSrc, Link, NodeId, cssValue } from "./primitives";
import { Filter } from "./filter";
import { StyleProperties, Visibility } from "./styles";

const Html = z.string().max(200_000);
const PlainText = z.string().max(1000);
const Short = z.string().max(200);
const Money = z.string().max(50);

export const BLOCK_TYPES = [
  "html",
  "htmlCode",
  "text",
  "image",
  "video",
  "logo",
  "menu",
  "social",
  "button",
  "product",
  "discount",
  "staticDiscount",
  "dynamicDiscount",
  "orderSummary",
  "orderProducts",
  "orderTotal",
  "orderAddresses",
  "lineSpace",
  "preheader",
  "price",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const COMPONENT_ROLES = [
  "discount_code",
  "discount_button",
  "discount_expiration_date",
  "menu_text",
  "product_image",
  "product_title",
  "product_description",
  "product_prices",
  "product_price",
  "product_button",
  "product_current_price",
  "product_old_price",
] as const;
export type ComponentRole = (typeof COMPONENT_ROLES)[number];
export const COMPONENT_TYPES = ["text", "button", "image", "price"] as const;

export const Button = z
  .strictObject({
    text: PlainText.optional().meta({ description: "Button label; personalization tags allowed" }),
    link: Link.optional(),
    isFullWidth: z.boolean().optional(),
    translationKey: Short.optional(),
    openInNewTab: z.boolean().optional().meta({ description: "Inkwell extra: open the link in a new tab" }),
  })
  .meta({ id: "Button", description: "Button content" });

export const Image = z
  .strictObject({
    source: ImageSrc.optional(),
    altText: PlainText.optional(),
    altSource: ImageSrc.optional().meta({ description: "Fallback image if the original fails to load" }),
    link: Link.optional(),
    id: AssetId.optional().meta({ description: "Image id of the brand's image library" }),
    name: Short.optional(),
    type: Short.optional().meta({ description: "image/png, image/jpeg, image/gif ..." }),
    state: Short.optional(),
    size: z.number().int().min(0).optional(),
    width: z.number().int().min(0).optional().meta({ description: "Original width in pixels" }),
    height: z.number().int().min(0).optional().meta({ description: "Original height in pixels" }),
    resizeWidth: PixelInt.optional().meta({ description: "Displayed width in pixels (capped at the column width)" }),
    resizeHeight: z.number().min(0).max(10_000).optional(),
    maxHeight: z.number().int().min(0).max(1000).optional(),
    maxHeightPercentage: z.number().int().min(0).max(100).optional(),
    isDynamic: z.boolean().optional(),
    isExternalSource: z.boolean().optional(),
  })
  .meta({ id: "Image", description: "An image" });
export type Image = z.infer<typeof Image>;

export const Video = z
  .strictObject({
    link: Link.optional().meta({ description: "Where the thumbnail links to (YouTube, Vimeo, ...)" }),
    altText: PlainText.optional(),
    id: AssetId.optional(),
    image: Image.optional().meta({ description: "The thumbnail" }),
  })
  .meta({ id: "Video", description: "A video thumbnail linking to the video" });

export const Icon = z
  .strictObject({
    type: z.string().min(1).max(50).meta({ description: "Platform: facebook, instagram, x, linkedin, youtube, tiktok, pinterest, ..." }),
    link: Link.optional(),
    source: z.string().max(2048).optional().meta({ description: "Icon image path or URL; omitted: the platform's standard icon" }),
  })
  .meta({ id: "Icon", description: "A social media icon" });

export const Social = z
  .strictObject({
    icons: z.array(Icon).max(20).optional(),
    shape: cssValue(50).optional().meta({ description: "circle, square or rounded" }),
    size: z
      .string()
      .regex(/^\d{1,3}px$/, 'must be a pixel size such as "24px"')
      .optional(),
    iconStyle: z.string().max(50).optional().meta({ description: "Inkwell extra: color, dark, light or outline" }),
  })
  .meta({ id: "Social", description: "Social media icon links" });

export const HTMLCode = z
  .strictObject({
    style: z.string().max(1_048_576).optional().meta({ description: "CSS placed in the email's <head> style" }),
    body: z.string().max(1_048_576).optional().meta({ description: "HTML placed where the block stands" }),
  })
  .meta({ id: "HTMLCode", description: "Custom HTML with separate style and body" });

export const LineSpace = z
  .strictObject({
    type: z.string().max(20).optional().meta({ description: "line or space" }),
    height: z.number().int().min(0).max(500).optional().meta({ description: "Spacer height, or line thickness, in pixels" }),
    width: z.number().int().min(0).max(2000).optional().meta({ description: "Line width in pixels (omitted: the whole column)" }),
    lineStyle: z.string().max(20).optional().meta({ description: "Inkwell extra: solid, dashed or dotted" }),
  })
  .meta({ id: "LineSpace", description: "A horizontal line or spacer; its colour is styleProperties.dividerColor" });

export const Preheader = z
  .strictObject({
    text: PlainText.optional().meta({ description: "Text before the link" }),
    linkText: PlainText.optional().meta({ description: "The view-in-browser link's text" }),
  })
  .meta({ id: "Preheader", description: "View-in-browser link: Text<a href=view-in-browser>LinkText</a>" });

export const Product = z
  .strictObject({
    id: AssetId.optional().meta({ description: "Product id of the catalog" }),
    productID: z.string().min(1).max(100).optional().meta({
      description:
        "The platform's product id (products_listing); slots of recommender, cart recovery and back-in-stock sections leave it empty",
    }),
    title: PlainText.optional(),
    originalTitle: PlainText.optional(),
    description: z.string().max(5000).optional(),
    price: Money.optional(),
    oldPrice: Money.optional(),
    link: Link.optional(),
    imageID: AssetId.optional(),
    imageUrl: ImageSrc.optional(),
    buttonText: PlainText.optional(),
  })
  .meta({ id: "Product", description: "A product card; the parts it shows are its components (product_* roles)" });

export const DiscountCombinesWith = z
  .strictObject({
    isOrderDiscountsCombined: z.boolean().optional(),
    isProductDiscountsCombined: z.boolean().optional(),
    isShippingDiscountsCombined: z.boolean().optional(),
  })
  .meta({ id: "DiscountCombinesWith" });

export const Discount = z
  .strictObject({
    code: z.string().max(100).optional().meta({
      description:
        "discount and dynamicDiscount: the placeholder XXXX-XXXX-XXXX (a code is issued per recipient); staticDiscount: the fixed code",
    }),
    discountType: Short.optional().meta({ description: "percentage, fixed (amount off) or shipping" }),
    valuePercentage: Short.optional(),
    valueFixed: Short.optional(),
    discountConditions: Short.optional(),
    endsIn: Short.optional().meta({ description: "Days until the discount ends" }),
    minimumOrderAmount: Short.optional(),
    usageLimit: Short.optional(),
    offerText: PlainText.optional(),
    title: PlainText.optional(),
    link: Link.optional(),
    validUntil: Short.optional(),
    validUntilFormat: Short.optional(),
    validUntilFormatted: Short.optional(),
    appliesToResource: Short.optional(),
    appliesToID: z.number().int().optional(),
    appliesToCustomCollectionID: z.number().int().optional(),
    appliesToSmartCollectionID: z.number().int().optional(),
    combinesWith: DiscountCombinesWith.optional(),
    isAppliedOncePerCustomer: z.boolean().optional(),
    isDiscountApplied: z.boolean().optional(),
    isItemsOnSaleExcluded: z.boolean().optional(),
  })
  .meta({ id: "Discount", description: "The offer of a discount block; what the recipient sees are its role-tagged components" });
export type Discount = z.infer<typeof Discount>;

const hidden = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, z.boolean().optional()])) as Record<K, z.ZodOptional<z.ZodBoolean>>;

export const OrderSummaryHiddenFields = z
  .strictObject(hidden(["isDateHidden", "isOrderIDHidden", "isTitleHidden"]))
  .meta({ id: "OrderSummaryHiddenFields" });
export const OrderSummary = z
  .strictObject({
    title: PlainText.optional(),
    orderID: Short.optional(),
    date: Short.optional(),
    dateFormat: Short.optional(),
    hiddenFields: OrderSummaryHiddenFields.optional(),
  })
  .meta({ id: "OrderSummary", description: "Order identification details (values are the recipient's order at send time)" });

export const OrderProduct = z
  .strictObject({
    title: PlainText.optional(),
    productID: Short.optional(),
    sku: Short.optional(),
    variant: PlainText.optional(),
    vendor: PlainText.optional(),
    price: Money.optional(),
    priceWithDiscount: Money.optional(),
    discountAmount: Money.optional(),
    currency: Short.optional(),
    quantity: z.number().int().optional(),
    weight: z.number().optional(),
    productUrl: Link.optional(),
    image: Image.optional(),
  })
  .meta({ id: "OrderProduct", description: "Placeholder product line; real lines come from the order at send time" });
export const OrderProductsHiddenFields = z
  .strictObject(
    hidden([
      "isDiscountAmountHidden",
      "isImageHidden",
      "isPriceHidden",
      "isPriceWithDiscountHidden",
      "isProductIDHidden",
      "isQuantityHidden",
      "isSkuHidden",
      "isTitleHidden",
      "isVariantHidden",
      "isVendorHidden",
      "isWeightHidden",
    ]),
  )
  .meta({ id: "OrderProductsHiddenFields" });
export const OrderProducts = z
  .strictObject({ products: z.array(OrderProduct).max(100).optional(), hiddenFields: OrderProductsHiddenFields.optional() })
  .meta({ id: "OrderProducts", description: "The ordered products" });

export const OrderTax = z
  .strictObject({ title: Short.optional(), rate: Short.optional(), price: Money.optional() })
  .meta({ id: "OrderTax" });
export const OrderTotalDiscount = z
  .strictObject({ code: Short.optional(), type: Short.optional(), amount: Money.optional() })
  .meta({ id: "OrderTotalDiscount" });
export const OrderTotalHiddenFields = z
  .strictObject(hidden(["isDiscountTotalHidden", "isOrderTotalHidden", "isShippingPriceHidden", "isSubTotalHidden", "isTaxTotalHidden"]))
  .meta({ id: "OrderTotalHiddenFields" });
export const OrderTotal = z
  .strictObject({
    currency: Short.optional(),
    subTotal: Money.optional(),
    discountTotal: Money.optional(),
    shippingPrice: Money.optional(),
    taxTotal: Money.optional(),
    orderTotal: Money.optional(),
    isSubTotalTaxIncluded: z.boolean().optional(),
    discounts: z.array(OrderTotalDiscount).max(50).optional(),
    taxes: z.array(OrderTax).max(50).optional(),
    hiddenFields: OrderTotalHiddenFields.optional(),
  })
  .meta({ id: "OrderTotal", description: "Pricing breakdown of the order" });

export const OrderAddress = z
  .strictObject(
    Object.fromEntries(
      [
        "firstName",
        "lastName",
        "company",
        "address1",
        "address2",
        "city",
        "state",
        "stateCode",
        "zip",
        "country",
        "countryCode",
        "phone",
      ].map((k) => [k, Short.optional()]),
    ),
  )
  .meta({ id: "OrderAddress" });
export const ADDRESS_HIDDEN_FIELDS = [
  "isNameSurnameHidden",
  "isCompanyHidden",
  "isAddress1Hidden",
  "isAddress2Hidden",
  "isCityHidden",
  "isStateHidden",
  "isZipCodeHidden",
  "isCountryHidden",
  "isPhoneHidden",
] as const;
export const OrderAddressHiddenFields = z.strictObject(hidden(ADDRESS_HIDDEN_FIELDS)).meta({ id: "OrderAddressHiddenFields" });
export const OrderAddressesHiddenFields = z
  .strictObject({
    billing: OrderAddressHiddenFields.optional(),
    shipping: OrderAddressHiddenFields.optional(),
    isTitleHidden: z.boolean().optional(),
  })
  .meta({ id: "OrderAddressesHiddenFields" });
export const OrderShipping = z.strictObject({ title: Short.optional(), price: Money.optional() }).meta({ id: "OrderShipping" });
export const OrderTransaction = z.strictObject({ payment: Short.optional() }).meta({ id: "OrderTransaction" });
export const OrderAddresses = z
  .strictObject({
    title: PlainText.optional(),
    billing: OrderAddress.optional(),
    shipping: OrderAddress.optional(),
    shippingMethods: z.array(OrderShipping).max(20).optional(),
    transactions: z.array(OrderTransaction).max(20).optional(),
    hiddenFields: OrderAddressesHiddenFields.optional(),
  })
  .meta({ id: "OrderAddresses", description: "Billing and shipping addresses" });

export const MenuSettings = z
  .strictObject({
    layout: z.enum(["horizontal", "vertical"]).optional(),
    separator: z.string().max(10).optional().meta({ description: 'Text between horizontal items, e.g. "|"' }),
  })
  .meta({ id: "MenuSettings", description: "Inkwell extra: how a menu block lays out its items" });

const StylePresetID = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: "Id of a button or text preset (given in generalSettings, or a default one)" });

export const BlockComponent = z
  .strictObject({
    id: NodeId.optional(),
    type: z.enum(COMPONENT_TYPES).meta({ description: "text, button, image or price" }),
    role: z
      .enum(COMPONENT_ROLES)
      .optional()
      .meta({ description: "The part it plays in its parent block; only where the parent's type assigns roles" }),
    text: Html.optional().meta({ description: "Text (HTML) with personalization tags; for menu_text an <a href> makes the item a link" }),
    button: Button.optional(),
    image: Image.optional(),
    stylePresetID: StylePresetID.optional(),
    styleProperties: StyleProperties.optional(),
    get components() {
      return z
        .array(BlockComponent)
        .max(10)
        .optional()
        .meta({ description: "Only product_prices nests components (product_current_price, product_old_price)" });
    },
  })
  .meta({ id: "BlockComponent", description: "A part of its parent block (a menu item, a discount code, a product's title ...)" });
export type BlockComponent = z.infer<typeof BlockComponent>;

export const Block = z
  .strictObject({
    id: NodeId,
    type: z.enum(BLOCK_TYPES).meta({ description: "What the block is; html is deprecated and read-only" }),
    role: z.enum(COMPONENT_ROLES).optional(),
    text: Html.optional().meta({ description: "Rich text (HTML) with personalization tags such as [[contact.first_name | there]]" }),
    stylePresetID: StylePresetID.optional(),
    secondaryStylePresetID: StylePresetID.optional().meta({ description: "Smaller text style of order blocks" }),
    styleProperties: StyleProperties.optional(),
    components: z.array(BlockComponent).max(50).optional(),
    button: Button.optional(),
    image: Image.optional(),
    video: Video.optional(),
    logo: Logo.optional(),
    social: Social.optional(),
    htmlCode: HTMLCode.optional(),
    lineSpace: LineSpace.optional(),
    preheader: Preheader.optional(),
    product: Product.optional(),
    discount: Discount.optional(),
    staticDiscount: Discount.optional(),
    dynamicDiscount: Discount.optional(),
    orderSummary: OrderSummary.optional(),
    orderProducts: OrderProducts.optional(),
    orderTotal: OrderTotal.optional(),
    orderAddresses: OrderAddresses.optional(),
    menu: MenuSettings.optional(),
    visibility: Visibility.optional().meta({ description: "Inkwell extra: device visibility of this block" }),
    filter: Filter.optional().meta({ description: "Inkwell extra: show this block only to recipients matching the filter" }),
  })
  .meta({
    id: "Block",
    description: "A block; `type` says which content field it uses. The deprecated type html and the html field are read-only",
  });
export type Block = z.infer<typeof Block>;
