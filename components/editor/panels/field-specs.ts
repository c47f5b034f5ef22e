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
const SHOW = (keys: [string, string][]): FieldSpec[] => keys.map(([key, label]) => ({ key, label, kind: "checkbox" }));

export const BLOCK_FIELDS: Record<string, FieldSpec[]> = {
  text: [],
  button: [
    { key: "text", label: "Button text", kind: "text", required: true, hint: "Personalization tags allowed" },
    { key: "link", label: "Link", kind: "text", required: true, placeholder: "https://" },
    { key: "openInNewTab", label: "Open in a new tab", kind: "checkbox" },
    { key: "fullWidth", label: "Full width", kind: "checkbox" },
  ],
  image: [
    { key: "src", label: "Image URL", kind: "text", required: true, placeholder: "https://" },
    { key: "alt", label: "Alternative text", kind: "text", hint: "Describes the image for people who cannot see it" },
    { key: "link", label: "Link", kind: "text", placeholder: "https://" },
    { key: "width", label: "Width", kind: "length", placeholder: "100% or 300px" },
    { key: "align", label: "Alignment", kind: "select", options: ALIGN },
  ],
  video: [
    { key: "videoUrl", label: "Video link", kind: "text", required: true, placeholder: "https://" },
    { key: "thumbnailSrc", label: "Thumbnail URL", kind: "text", required: true, placeholder: "https://" },
    { key: "alt", label: "Alternative text", kind: "text" },
    { key: "width", label: "Width", kind: "length" },
  ],
  logo: [
    { key: "src", label: "Logo URL", kind: "text", hint: "Empty: the logo of General settings" },
    { key: "alt", label: "Alternative text", kind: "text" },
    { key: "link", label: "Link", kind: "text" },
    { key: "width", label: "Width", kind: "length" },
    { key: "align", label: "Alignment", kind: "select", options: ALIGN },
  ],
  menu: [
    { key: "layout", label: "Layout", kind: "select", options: ["horizontal", "vertical"] },
    { key: "separator", label: "Separator", kind: "text", placeholder: "|" },
  ],
  social: [
    { key: "iconStyle", label: "Icon style", kind: "select", options: ["color", "dark", "light", "outline"] },
    { key: "iconSize", label: "Icon size", kind: "select", options: ["small", "medium", "large"] },
  ],
  htmlCode: [
    { key: "style", label: "CSS (placed in the email's head)", kind: "textarea" },
    { key: "body", label: "HTML", kind: "textarea", required: true },
  ],
  lineSpace: [
    { key: "kind", label: "Kind", kind: "select", options: ["line", "space"], required: true },
    { key: "height", label: "Height / thickness", kind: "length", placeholder: "1px" },
    { key: "lineColor", label: "Line colour", kind: "color" },
    { key: "lineStyle", label: "Line style", kind: "select", options: ["solid", "dashed", "dotted"] },
  ],
  preheader: [{ key: "text", label: "Link text", kind: "text", required: true }],
  product: [
    { key: "productID", label: "Product id", kind: "text", hint: "Products listing only; slots of other product sections are filled per recipient" },
    ...SHOW([["showImage", "Show image"], ["showTitle", "Show title"], ["showPrice", "Show price"], ["showDescription", "Show description"], ["showButton", "Show button"]]),
    { key: "buttonText", label: "Button text", kind: "text" },
  ],
  discount: [
    { key: "code", label: "Code", kind: "text", required: true },
    { key: "text", label: "Text", kind: "text" },
  ],
  staticDiscount: [
    { key: "code", label: "Code", kind: "text", required: true },
    { key: "text", label: "Text", kind: "text" },
  ],
  dynamicDiscount: [
    { key: "discountType", label: "Discount", kind: "select", options: ["percentage", "fixed_amount", "free_shipping"], required: true },
    { key: "value", label: "Value", kind: "number" },
    { key: "expiresInDays", label: "Expires after (days)", kind: "number" },
    { key: "prefix", label: "Code prefix", kind: "text" },
    { key: "text", label: "Text", kind: "text" },
  ],
  orderSummary: SHOW([["showOrderNumber", "Show order number"], ["showOrderDate", "Show order date"]]),
  orderProducts: SHOW([["showImage", "Show image"], ["showQuantity", "Show quantity"], ["showPrice", "Show price"]]),
  orderTotal: SHOW([["showSubtotal", "Show subtotal"], ["showShipping", "Show shipping"], ["showTax", "Show tax"], ["showDiscount", "Show discount"]]),
  orderAddresses: SHOW([["showBilling", "Show billing address"], ["showShipping", "Show shipping address"]]),
};

export const STYLE_FIELDS: FieldSpec[] = [
  { key: "backgroundColor", label: "Background colour", kind: "color" },
  { key: "backgroundImage", label: "Background image URL", kind: "text" },
  { key: "color", label: "Text colour", kind: "color" },
  { key: "fontSize", label: "Font size", kind: "length", placeholder: "16px" },
  { key: "textAlign", label: "Text alignment", kind: "select", options: ["left", "center", "right", "justify"] },
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
  { key: "source", label: "Repeat over", kind: "select", options: ["orderProducts", "cartProducts", "recommendedProducts", "eventProperty"], required: true },
  { key: "property", label: "Event property (for eventProperty)", kind: "text" },
  { key: "limit", label: "At most", kind: "number" },
];

export const LIST_KEYS = new Set(["includeCategories", "excludeCategories", "excludeProducts"]);
