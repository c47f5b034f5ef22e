// The property panel's fields per block type, following the template schema (lib/templates/schema).
export type FieldSpec = {
  key: string;
  label: string;
  kind: "text" | "textarea" | "checkbox" | "select" | "number" | "color" | "length";
  options?: readonly string[];
  placeholder?: string;
  hint?: string;
  required?: boolean;
};

const ALIGN = ["left", "center", "right"] as const;
const HIDE = (keys: [string, string][]): FieldSpec[] => keys.map(([key, label]) => ({ key, label, kind: "checkbox" }));

/**
 * Fields per block type. A dotted key edits a nested published field (button.text is the block's
 * button.text); "$code" edits the code a discount block shows (its discount_code component and the
 * offer's code together).
 */
export const BLOCK_FIELDS: Record<string, FieldSpec[]> = {
  text: [],
  button: [
    { key: "button.text", label: "Button text", kind: "text", required: true, hint: "Personalization tags allowed" },
    { key: "button.link", label: "Link", kind: "text", required: true, placeholder: "https://" },
    { key: "button.openInNewTab", label: "Open in a new tab", kind: "checkbox" },
    { key: "button.isFullWidth", label: "Full width", kind: "checkbox" },
  ],
  image: [
    { key: "image.source", label: "Image URL", kind: "text", required: true, placeholder: "https://" },
    { key: "image.altText", label: "Alternative text", kind: "text", hint: "Describes the image for people who cannot see it" },
    { key: "image.link", label: "Link", kind: "text", placeholder: "https://" },
    { key: "image.resizeWidth", label: "Width (pixels)", kind: "number", placeholder: "300" },
    { key: "styleProperties.alignment", label: "Alignment", kind: "select", options: ALIGN },
  ],
  video: [
    { key: "video.link", label: "Video link", kind: "text", required: true, placeholder: "https://" },
    { key: "video.image.source", label: "Thumbnail URL", kind: "text", required: true, placeholder: "https://" },
    { key: "video.altText", label: "Alternative text", kind: "text" },
    { key: "video.image.resizeWidth", label: "Width (pixels)", kind: "number" },
  ],
  logo: [
    { key: "image.source", label: "Logo URL", kind: "text", hint: "Empty: the logo of General settings" },
    { key: "image.altText", label: "Alternative text", kind: "text" },
    { key: "logo.link", label: "Link", kind: "text" },
    { key: "logo.resizeWidth", label: "Width (pixels)", kind: "number" },
    { key: "styleProperties.alignment", label: "Alignment", kind: "select", options: ALIGN },
  ],
  menu: [
    { key: "menu.layout", label: "Layout", kind: "select", options: ["horizontal", "vertical"] },
    { key: "menu.separator", label: "Separator", kind: "text", placeholder: "|" },
  ],
  social: [
    { key: "social.iconStyle", label: "Icon style", kind: "select", options: ["color", "dark", "light", "outline"] },
    { key: "social.size", label: "Icon size", kind: "select", options: ["20px", "28px", "36px"] },
    { key: "social.shape", label: "Icon shape", kind: "select", options: ["circle", "rounded", "square"] },
  ],
  htmlCode: [
    { key: "htmlCode.style", label: "CSS (placed in the email's head)", kind: "textarea" },
    { key: "htmlCode.body", label: "HTML", kind: "textarea", required: true },
  ],
  lineSpace: [
    { key: "lineSpace.type", label: "Kind", kind: "select", options: ["line", "space"], required: true },
    { key: "lineSpace.height", label: "Height / thickness (pixels)", kind: "number", placeholder: "1" },
    { key: "styleProperties.dividerColor", label: "Line colour", kind: "color" },
    { key: "lineSpace.lineStyle", label: "Line style", kind: "select", options: ["solid", "dashed", "dotted"] },
  ],
  preheader: [
    { key: "preheader.text", label: "Text before the link", kind: "text" },
    { key: "preheader.linkText", label: "Link text", kind: "text", required: true },
  ],
  product: [
    { key: "product.productID", label: "Product id", kind: "text", hint: "Products listing only; slots of other product sections are filled per recipient" },
    { key: "product.buttonText", label: "Button text", kind: "text" },
  ],
  discount: [
    { key: "$code", label: "Code", kind: "text", required: true, hint: "XXXX-XXXX-XXXX: a code is issued for each recipient" },
    { key: "discount.offerText", label: "Text", kind: "text" },
  ],
  staticDiscount: [
    { key: "$code", label: "Code", kind: "text", required: true },
    { key: "staticDiscount.offerText", label: "Text", kind: "text" },
  ],
  dynamicDiscount: [
    { key: "dynamicDiscount.discountType", label: "Discount", kind: "select", options: ["percentage", "fixed", "shipping"], required: true },
    { key: "dynamicDiscount.valuePercentage", label: "Percent off", kind: "text" },
    { key: "dynamicDiscount.valueFixed", label: "Amount off", kind: "text" },
    { key: "dynamicDiscount.endsIn", label: "Expires after (days)", kind: "text" },
    { key: "dynamicDiscount.offerText", label: "Text", kind: "text" },
  ],
  orderSummary: HIDE([["orderSummary.hiddenFields.isOrderIDHidden", "Hide order number"], ["orderSummary.hiddenFields.isDateHidden", "Hide order date"]]),
  orderProducts: HIDE([["orderProducts.hiddenFields.isImageHidden", "Hide image"], ["orderProducts.hiddenFields.isQuantityHidden", "Hide quantity"], ["orderProducts.hiddenFields.isPriceHidden", "Hide price"]]),
  orderTotal: HIDE([["orderTotal.hiddenFields.isSubTotalHidden", "Hide subtotal"], ["orderTotal.hiddenFields.isShippingPriceHidden", "Hide shipping"], ["orderTotal.hiddenFields.isTaxTotalHidden", "Hide tax"], ["orderTotal.hiddenFields.isDiscountTotalHidden", "Hide discount"]]),
  orderAddresses: [
    { key: "orderAddresses.title", label: "Title", kind: "text" },
    ...HIDE([["orderAddresses.hiddenFields.isTitleHidden", "Hide title"]]),
  ],
};

/** Style fields of every node; keys are styleProperties' own. */
export const STYLE_FIELDS: FieldSpec[] = [
  { key: "backgroundColor", label: "Background colour", kind: "color" },
  { key: "backgroundImage", label: "Background image URL", kind: "text" },
  { key: "color", label: "Text colour", kind: "color" },
  { key: "fontSize", label: "Font size", kind: "length", placeholder: "16px" },
  { key: "alignment", label: "Text alignment", kind: "select", options: ["left", "center", "right", "justify"] },
  { key: "paddingTop", label: "Padding top", kind: "length", placeholder: "0px" },
  { key: "paddingRight", label: "Padding right", kind: "length", placeholder: "0px" },
  { key: "paddingBottom", label: "Padding bottom", kind: "length", placeholder: "0px" },
  { key: "paddingLeft", label: "Padding left", kind: "length", placeholder: "0px" },
  { key: "border", label: "Border", kind: "text", placeholder: "1px solid #dddddd" },
  { key: "borderRadius", label: "Corner radius", kind: "length", placeholder: "4px" },
];

export const PRESET_STYLE_FIELDS: FieldSpec[] = [
  { key: "backgroundColor", label: "Background", kind: "color" },
  { key: "color", label: "Text colour", kind: "color" },
  { key: "fontFamily", label: "Font", kind: "text" },
  { key: "fontSize", label: "Font size", kind: "length" },
  { key: "fontWeight", label: "Weight", kind: "select", options: ["normal", "bold", "300", "400", "500", "600", "700", "800"] },
  { key: "lineHeight", label: "Line height", kind: "text" },
  { key: "border", label: "Border", kind: "text" },
  { key: "borderRadius", label: "Corner radius", kind: "length" },
  { key: "textDecoration", label: "Decoration", kind: "select", options: ["none", "underline", "line-through", "overline"] },
  { key: "paddingTop", label: "Padding top", kind: "length" },
  { key: "paddingBottom", label: "Padding bottom", kind: "length" },
  { key: "paddingLeft", label: "Padding left", kind: "length" },
  { key: "paddingRight", label: "Padding right", kind: "length" },
];

export const RECOMMENDER_FIELDS: FieldSpec[] = [
  { key: "type", label: "Strategy", kind: "select", options: ["newest", "popular", "mostViewed", "personalized", "recentlyViewed"], required: true, hint: "personalized and recentlyViewed need the Pro plan; otherwise the fallback is used" },
  { key: "fallbackType", label: "Fallback", kind: "select", options: ["newest", "popular", "mostViewed"] },
  { key: "isOutOfStockIncluded", label: "Include out-of-stock products", kind: "checkbox" },
  { key: "includeCategories", label: "Include categories (ids, comma-separated)", kind: "text" },
  { key: "excludeCategories", label: "Exclude categories (ids, comma-separated)", kind: "text" },
  { key: "excludeProducts", label: "Exclude products (ids, comma-separated)", kind: "text" },
  { key: "purchaseExclusionDays", label: "Skip products bought in the last N days", kind: "number" },
  { key: "recencyMonths", label: "Recency window (months)", kind: "number" },
  { key: "priceFrom", label: "Minimum price", kind: "number" },
];

export const DYNAMIC_LIST_FIELDS: FieldSpec[] = [
  { key: "listPath", label: "Repeat over", kind: "text", required: true, placeholder: "order.products", hint: "order.products, cart.products, recommendations, or a property of the contact's latest event holding a list (e.g. items)" },
  { key: "layout", label: "Layout", kind: "select", options: ["list", "grid"] },
  { key: "columnCount", label: "Items per row (grid)", kind: "number" },
  { key: "repetitionCount", label: "At most", kind: "number" },
];

export const LIST_KEYS = new Set(["includeCategories", "excludeCategories", "excludeProducts"]);
