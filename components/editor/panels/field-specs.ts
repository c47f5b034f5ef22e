// The property panels' fields, following the template schema (lib/templates/schema), in a marketer's
// words: every select shows labels, never the stored keyword. field-specs.test.ts proves each field
// writes a value the schema accepts at the place its key names.
export type Option = { value: string; label: string };

export type FieldKind =
  | "text"
  | "textarea"
  | "checkbox"
  | "select"
  | "number"
  | "color"
  /** A length in px or %; a bare number means pixels. */
  | "length"
  /** Like length, and may be negative (letter spacing). */
  | "signedLength"
  /** An image address, shown with a small preview. */
  | "image"
  /** A background image: from the image library (backgroundImageID) or an address (backgroundImage); see background-image.ts. */
  | "backgroundImage"
  /** A font: the email-safe stacks and the web fonts of the email's sections. */
  | "font";

export type FieldSpec = {
  key: string;
  label: string;
  kind: FieldKind;
  options?: readonly Option[];
  placeholder?: string;
  hint?: string;
  required?: boolean;
  /** A length in pixels only (text sizes). */
  pixelsOnly?: boolean;
};

const o = (value: string, label: string): Option => ({ value, label });

export const ALIGN_OPTIONS = [o("left", "Left"), o("center", "Centre"), o("right", "Right")] as const;
export const TEXT_ALIGN_OPTIONS = [...ALIGN_OPTIONS, o("justify", "Justified")] as const;
const VERTICAL_OPTIONS = [o("top", "Top"), o("middle", "Middle"), o("bottom", "Bottom")];
const WEIGHT_OPTIONS = [
  o("300", "Light"),
  o("normal", "Regular"),
  o("500", "Medium"),
  o("600", "Semi-bold"),
  o("bold", "Bold"),
  o("800", "Extra bold"),
];
const DECORATION_OPTIONS = [o("none", "None"), o("underline", "Underline"), o("line-through", "Strikethrough")];
const HIDE = (keys: [string, string][]): FieldSpec[] => keys.map(([key, label]) => ({ key, label, kind: "checkbox" }));

/**
 * Content fields per block type. A dotted key edits a nested published field (button.text is the block's
 * button.text); "$code" edits the code a discount block shows (its discount_code component and the
 * offer's code together).
 */
export const BLOCK_FIELDS: Record<string, FieldSpec[]> = {
  text: [],
  button: [
    {
      key: "button.text",
      label: "Button text",
      kind: "text",
      required: true,
      hint: "Merge tags such as [[contact.first_name]] are allowed",
    },
    { key: "button.link", label: "Link", kind: "text", required: true, placeholder: "https://" },
    { key: "button.openInNewTab", label: "Open the link in a new tab", kind: "checkbox" },
    { key: "button.isFullWidth", label: "Stretch to the full width", kind: "checkbox" },
  ],
  image: [
    {
      key: "image.source",
      label: "Image",
      kind: "image",
      required: true,
      placeholder: "https://",
      hint: "The address of an image on the web (https)",
    },
    {
      key: "image.altText",
      label: "Alternative text",
      kind: "text",
      hint: "Describes the image for people who cannot see it, and shows when images are blocked",
    },
    { key: "image.link", label: "Link", kind: "text", placeholder: "https://" },
    { key: "image.resizeWidth", label: "Width (pixels)", kind: "number", placeholder: "Fit the column" },
  ],
  video: [
    {
      key: "video.link",
      label: "Video link",
      kind: "text",
      required: true,
      placeholder: "https://",
      hint: "YouTube, Vimeo or any page showing the video",
    },
    { key: "video.image.source", label: "Thumbnail image", kind: "image", required: true, placeholder: "https://" },
    { key: "video.altText", label: "Alternative text", kind: "text" },
    { key: "video.image.resizeWidth", label: "Width (pixels)", kind: "number", placeholder: "Fit the column" },
  ],
  logo: [
    { key: "image.source", label: "Logo image", kind: "image", hint: "Empty: the logo of General settings" },
    { key: "image.altText", label: "Alternative text", kind: "text" },
    { key: "logo.link", label: "Link", kind: "text", placeholder: "https://" },
    { key: "logo.resizeWidth", label: "Width (pixels)", kind: "number", placeholder: "150" },
  ],
  menu: [
    { key: "menu.layout", label: "Items", kind: "select", options: [o("horizontal", "Side by side"), o("vertical", "One under another")] },
    { key: "menu.separator", label: "Between items", kind: "text", placeholder: "|", hint: "Shown between items side by side" },
  ],
  social: [
    {
      key: "social.iconStyle",
      label: "Icon colours",
      kind: "select",
      options: [o("color", "Each network's colour"), o("dark", "Dark"), o("light", "Light"), o("outline", "Outline")],
    },
    { key: "social.size", label: "Icon size", kind: "select", options: [o("20px", "Small"), o("28px", "Medium"), o("36px", "Large")] },
    {
      key: "social.shape",
      label: "Icon shape",
      kind: "select",
      options: [o("circle", "Circle"), o("rounded", "Rounded square"), o("square", "Square")],
    },
  ],
  htmlCode: [
    { key: "htmlCode.style", label: "CSS (placed in the email's head)", kind: "textarea" },
    { key: "htmlCode.body", label: "HTML", kind: "textarea", required: true },
  ],
  lineSpace: [
    { key: "lineSpace.type", label: "Show", kind: "select", options: [o("line", "A line"), o("space", "Empty space")], required: true },
    { key: "lineSpace.height", label: "Height or line thickness (pixels)", kind: "number", placeholder: "1" },
    { key: "lineSpace.width", label: "Line width (pixels)", kind: "number", placeholder: "Full width" },
    {
      key: "lineSpace.lineStyle",
      label: "Line style",
      kind: "select",
      options: [o("solid", "Solid"), o("dashed", "Dashed"), o("dotted", "Dotted")],
    },
    { key: "styleProperties.dividerColor", label: "Line colour", kind: "color" },
  ],
  preheader: [
    { key: "preheader.text", label: "Text before the link", kind: "text" },
    { key: "preheader.linkText", label: "Link text", kind: "text", required: true, placeholder: "View this email in your browser" },
  ],
  product: [{ key: "product.buttonText", label: "Button text", kind: "text", placeholder: "Buy now" }],
  discount: [
    { key: "$code", label: "Code", kind: "text", required: true, hint: "Keep XXXX-XXXX-XXXX to give each recipient a code of their own" },
    { key: "discount.offerText", label: "Text", kind: "text" },
  ],
  staticDiscount: [
    { key: "$code", label: "Code", kind: "text", required: true, hint: "Everyone gets this code" },
    { key: "staticDiscount.offerText", label: "Text", kind: "text" },
  ],
  dynamicDiscount: [
    {
      key: "dynamicDiscount.discountType",
      label: "Discount",
      kind: "select",
      options: [o("percentage", "Percentage off"), o("fixed", "Amount off"), o("shipping", "Free shipping")],
      required: true,
    },
    { key: "dynamicDiscount.valuePercentage", label: "Percent off", kind: "text", placeholder: "10" },
    { key: "dynamicDiscount.valueFixed", label: "Amount off", kind: "text", placeholder: "5" },
    { key: "dynamicDiscount.endsIn", label: "Expires after (days)", kind: "text", placeholder: "30" },
    { key: "dynamicDiscount.offerText", label: "Text", kind: "text" },
  ],
  orderSummary: HIDE([
    ["orderSummary.hiddenFields.isOrderIDHidden", "Hide the order number"],
    ["orderSummary.hiddenFields.isDateHidden", "Hide the order date"],
  ]),
  orderProducts: HIDE([
    ["orderProducts.hiddenFields.isImageHidden", "Hide images"],
    ["orderProducts.hiddenFields.isQuantityHidden", "Hide quantities"],
    ["orderProducts.hiddenFields.isPriceHidden", "Hide prices"],
  ]),
  orderTotal: HIDE([
    ["orderTotal.hiddenFields.isSubTotalHidden", "Hide the subtotal"],
    ["orderTotal.hiddenFields.isShippingPriceHidden", "Hide shipping"],
    ["orderTotal.hiddenFields.isTaxTotalHidden", "Hide tax"],
    ["orderTotal.hiddenFields.isDiscountTotalHidden", "Hide the discount"],
  ]),
  orderAddresses: [
    { key: "orderAddresses.title", label: "Title", kind: "text" },
    ...HIDE([["orderAddresses.hiddenFields.isTitleHidden", "Hide the title"]]),
  ],
};

// ---------------------------------------------------------------------------------------------------
// Style fields: keys are styleProperties' own. Grouped the way people look for them.

const F = {
  fontFamily: { key: "fontFamily", label: "Font", kind: "font" },
  fontSize: { key: "fontSize", label: "Text size", kind: "length", placeholder: "16px", pixelsOnly: true },
  fontWeight: { key: "fontWeight", label: "Weight", kind: "select", options: WEIGHT_OPTIONS },
  fontStyle: { key: "fontStyle", label: "Style", kind: "select", options: [o("normal", "Upright"), o("italic", "Italic")] },
  color: { key: "color", label: "Text colour", kind: "color" },
  linkColor: { key: "linkColor", label: "Link colour", kind: "color" },
  letterSpacing: {
    key: "letterSpacing",
    label: "Letter spacing",
    kind: "signedLength",
    placeholder: "0px",
    hint: "Space between letters, e.g. 1px (negative tightens)",
  },
  lineHeight: {
    key: "lineHeight",
    label: "Line height",
    kind: "text",
    placeholder: "1.5",
    hint: "A multiple of the text size (1.5) or pixels (24px)",
  },
  textDecoration: { key: "textDecoration", label: "Decoration", kind: "select", options: DECORATION_OPTIONS },
  textAlign: { key: "alignment", label: "Alignment", kind: "select", options: TEXT_ALIGN_OPTIONS },
  align: { key: "alignment", label: "Alignment", kind: "select", options: ALIGN_OPTIONS },
  textBackgroundColor: { key: "textBackgroundColor", label: "Highlight behind the text", kind: "color" },
  priceColor: { key: "priceColor", label: "Price colour", kind: "color" },
  secondaryColor: {
    key: "secondaryColor",
    label: "Secondary text colour",
    kind: "color",
    hint: "Old prices, descriptions and small print",
  },
  backgroundColor: { key: "backgroundColor", label: "Background colour", kind: "color" },
  buttonColor: { key: "backgroundColor", label: "Button colour", kind: "color" },
  backgroundImage: {
    key: "backgroundImageID",
    label: "Background image",
    kind: "backgroundImage",
    placeholder: "https://",
    hint: "Choose an image from your library, or type the address of one (https); text stays readable over it",
  },
  backgroundSize: {
    key: "backgroundSize",
    label: "Image size",
    kind: "select",
    options: [o("cover", "Cover the whole area"), o("contain", "Fit inside"), o("auto", "Original size")],
  },
  backgroundRepeat: {
    key: "backgroundRepeat",
    label: "Repeat",
    kind: "select",
    options: [o("no-repeat", "Don't repeat"), o("repeat", "Tile"), o("repeat-x", "Tile across"), o("repeat-y", "Tile down")],
  },
  backgroundPosition: {
    key: "backgroundPosition",
    label: "Image position",
    kind: "select",
    options: [
      o("center center", "Centre"),
      o("top center", "Top"),
      o("bottom center", "Bottom"),
      o("center left", "Left"),
      o("center right", "Right"),
    ],
  },
  backgroundInside: { key: "isBackgroundPaddingsExcluded", label: "Keep the background inside the padding", kind: "checkbox" },
  border: { key: "border", label: "Border", kind: "text", placeholder: "1px solid #dddddd", hint: "Thickness, style and colour" },
  borderRadius: { key: "borderRadius", label: "Rounded corners", kind: "length", placeholder: "0px" },
  verticalAlign: { key: "verticalAlign", label: "Vertical alignment", kind: "select", options: VERTICAL_OPTIONS },
} satisfies Record<string, FieldSpec>;

const sides = (prefix: "padding" | "innerPadding"): FieldSpec[] =>
  (["Top", "Right", "Bottom", "Left"] as const).map((side) => ({
    key: `${prefix}${side}`,
    label: side,
    kind: "length",
    placeholder: "0px",
  }));

export type StyleGroup = {
  title: string;
  specs: FieldSpec[];
  /** Four sides shown as one compact grid (padding). */
  sides?: boolean;
  hint?: string;
};

const TEXT_GROUP: StyleGroup = {
  title: "Text",
  specs: [F.fontFamily, F.fontSize, F.fontWeight, F.color, F.linkColor, F.letterSpacing, F.lineHeight, F.textAlign, F.textBackgroundColor],
};
const BACKGROUND_GROUP: StyleGroup = {
  title: "Background",
  specs: [F.backgroundColor, F.backgroundImage, F.backgroundSize, F.backgroundRepeat, F.backgroundPosition],
};
const PADDING_GROUP: StyleGroup = {
  title: "Padding",
  specs: sides("padding"),
  sides: true,
  hint: "Space between the edge and the content",
};
const BORDER_GROUP: StyleGroup = { title: "Border", specs: [F.border, F.borderRadius] };

/** The style groups of a section, row or column, or of a block by its type. */
export function styleGroups(kind: "section" | "row" | "column" | "block", blockType?: string): StyleGroup[] {
  switch (kind) {
    case "section":
      return [
        { title: "Background", specs: [...BACKGROUND_GROUP.specs, F.backgroundInside] },
        { title: "Content", specs: [{ ...F.align, label: "Content alignment" }] },
        PADDING_GROUP,
        BORDER_GROUP,
      ];
    case "row":
      return [{ title: "Background", specs: [...BACKGROUND_GROUP.specs, F.backgroundInside] }, PADDING_GROUP, BORDER_GROUP];
    case "column":
      return [{ title: "Layout", specs: [F.verticalAlign] }, BACKGROUND_GROUP, PADDING_GROUP, BORDER_GROUP];
    default:
      return blockStyleGroups(blockType ?? "");
  }
}

function blockStyleGroups(type: string): StyleGroup[] {
  switch (type) {
    case "text":
      return [TEXT_GROUP, BACKGROUND_GROUP, PADDING_GROUP, BORDER_GROUP];
    case "button":
      return [
        {
          title: "Button",
          specs: [F.buttonColor, F.color, F.fontFamily, F.fontSize, F.fontWeight, F.letterSpacing, F.borderRadius, F.border],
        },
        { title: "Space inside the button", specs: sides("innerPadding"), sides: true },
        { title: "Placement", specs: [F.align] },
        PADDING_GROUP,
      ];
    case "menu":
    case "preheader":
      return [
        { title: "Text", specs: [F.fontFamily, F.fontSize, F.fontWeight, F.color, F.linkColor, F.letterSpacing, F.align] },
        { title: "Background", specs: [F.backgroundColor] },
        PADDING_GROUP,
      ];
    case "image":
    case "logo":
    case "video":
    case "social":
    case "lineSpace":
      return [{ title: "Placement", specs: [F.align, F.backgroundColor] }, PADDING_GROUP];
    case "htmlCode":
      return [PADDING_GROUP];
    case "product":
    case "discount":
    case "staticDiscount":
    case "dynamicDiscount":
      return [
        { title: "Text", specs: [F.fontFamily, F.fontSize, F.color, F.priceColor, F.secondaryColor, F.letterSpacing, F.align] },
        { title: "Background", specs: [F.backgroundColor, F.backgroundImage] },
        PADDING_GROUP,
        BORDER_GROUP,
      ];
    default:
      // Order blocks.
      return [
        { title: "Text", specs: [F.fontFamily, F.fontSize, F.color, F.priceColor, F.secondaryColor, F.align] },
        { title: "Background", specs: [F.backgroundColor] },
        PADDING_GROUP,
      ];
  }
}

/** Around the email (general settings' body). */
export const EMAIL_BODY_FIELDS: FieldSpec[] = [
  F.backgroundColor,
  F.backgroundImage,
  F.backgroundSize,
  { ...F.backgroundRepeat, options: F.backgroundRepeat.options.slice(0, 2) },
];

export const PRESET_STYLE_FIELDS: FieldSpec[] = [
  F.backgroundColor,
  F.color,
  F.fontFamily,
  F.fontSize,
  F.fontWeight,
  F.fontStyle,
  F.letterSpacing,
  F.lineHeight,
  F.border,
  F.borderRadius,
  F.textDecoration,
  ...sides("padding").map((s) => ({ ...s, label: `Padding ${s.label.toLowerCase()}` })),
];

/** Section settings a marketer sets (published Settings). */
export const SECTION_SETTING_FIELDS: FieldSpec[] = [
  {
    key: "isColumnStackDisabled",
    label: "Keep columns side by side on phones",
    kind: "checkbox",
    hint: "Otherwise they stack one under another on narrow screens",
  },
];

export const PRODUCT_SECTION_FIELDS: FieldSpec[] = [
  { key: "isOutOfStockHidden", label: "Hide products that are out of stock", kind: "checkbox" },
  { key: "isProductImagesFitted", label: "Show whole product images (no cropping)", kind: "checkbox" },
];

export const STRATEGY_OPTIONS = [
  o("newest", "Newest products"),
  o("popular", "Best sellers"),
  o("mostViewed", "Most viewed"),
  o("personalized", "Picked for each contact (Pro plan)"),
  o("recentlyViewed", "Recently viewed by the contact (Pro plan)"),
] as const;

export const RECOMMENDER_FIELDS: FieldSpec[] = [
  {
    key: "type",
    label: "Show",
    kind: "select",
    options: STRATEGY_OPTIONS,
    required: true,
    hint: "Picks made for each contact need the Pro plan; on other plans the email shows the products chosen under “If there are none”.",
  },
  { key: "fallbackType", label: "If there are none", kind: "select", options: STRATEGY_OPTIONS.slice(0, 3) },
  { key: "isOutOfStockIncluded", label: "Include products that are out of stock", kind: "checkbox" },
  { key: "purchaseExclusionDays", label: "Skip products the contact bought in the last (days)", kind: "number" },
  { key: "recencyMonths", label: "Only products from the last (months)", kind: "number" },
  { key: "priceFrom", label: "Lowest price", kind: "number" },
];

/** Recommender keys edited with the category and product pickers (lists of ids). */
export const RECOMMENDER_PICKERS = [
  { key: "includeCategories", label: "Only from these categories", source: "categories" },
  { key: "excludeCategories", label: "Never from these categories", source: "categories" },
  { key: "excludeProducts", label: "Never these products", source: "products" },
] as const;

export const DYNAMIC_LIST_SOURCES = [
  o("order.products", "Products of the contact's latest order"),
  o("cart.products", "Products in the contact's cart"),
  o("recommendations", "Recommended products"),
] as const;

export const DYNAMIC_LIST_FIELDS: FieldSpec[] = [
  { key: "layout", label: "Layout", kind: "select", options: [o("list", "One item per row"), o("grid", "A grid")] },
  { key: "columnCount", label: "Items per row (grid)", kind: "number", placeholder: "2" },
  { key: "repetitionCount", label: "Show at most", kind: "number", placeholder: "10" },
];

/** Web fonts a section loads (settings.customFonts items: a name and an https stylesheet). */
export const CUSTOM_FONT_FIELDS: FieldSpec[] = [
  { key: "name", label: "Font name", kind: "text", required: true, placeholder: "Lobster", hint: "As the stylesheet names it" },
  {
    key: "href",
    label: "Stylesheet address",
    kind: "text",
    required: true,
    placeholder: "https://fonts.googleapis.com/css2?family=Lobster",
  },
];

/** General settings (the whole email), by the group of generalSettings they edit. */
export const GENERAL_SETTINGS_FIELDS: Record<"content" | "body" | "logo", FieldSpec[]> = {
  content: [F.fontFamily, F.fontSize, F.color, { key: "backgroundColor", label: "Email background", kind: "color" }],
  body: EMAIL_BODY_FIELDS,
  logo: [
    {
      key: "source",
      label: "Logo image",
      kind: "image",
      placeholder: "https://",
      hint: "Logo blocks show it unless they have an image of their own",
    },
    { key: "link", label: "Logo link", kind: "text", placeholder: "https://" },
    { key: "resizeWidth", label: "Logo width (pixels)", kind: "number", placeholder: "150" },
  ],
};
