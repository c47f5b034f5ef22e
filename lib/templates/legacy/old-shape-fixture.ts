// A document in the shape stored before the published model (every old block type, old style keys,
// settings.visibility, dynamicList.source, old logo/gmail settings, slug ids): for the conversion and
// migration tests.
export function oldShapeDocument() {
  return {
    generalSettings: {
      content: { width: "600px", backgroundColor: "#ffffff" },
      body: { backgroundColor: "whitesmoke", backgroundImage: "https://cdn.example/bg.png", backgroundRepeat: "no-repeat" },
      logo: { src: "https://cdn.example/logo.png", link: "https://shop.example", width: "120px" },
      gmail: { enabled: true, logoUrl: "https://cdn.example/logo.png", offerDescription: "20% off", discountCode: "SAVE20" },
    },
    sections: [
      {
        id: "hero",
        styleProperties: { backgroundColor: "#eeeeee", textAlign: "center", backgroundImage: "https://cdn.example/hero-bg.png" },
        settings: {
          visibility: { hideOnMobile: true, condition: { field: "contact.custom_properties.tier", operator: "equals", value: "gold" } },
        },
        rows: [
          {
            id: "r1",
            columns: [
              {
                id: "c1",
                width: "100%",
                blocks: [
                  {
                    id: "t1",
                    type: "text",
                    text: "<p>Hello [[contact.first_name | there]]</p>",
                    stylePresetID: "paragraph",
                    visibility: { hideOnDesktop: true },
                  },
                  {
                    id: "b1",
                    type: "button",
                    text: "Shop now",
                    link: "https://shop.example/sale",
                    fullWidth: true,
                    openInNewTab: true,
                    styleProperties: { paddingTop: "14px", marginTop: "8px", textAlign: "left" },
                  },
                  {
                    id: "i1",
                    type: "image",
                    src: "https://cdn.example/hero.png",
                    alt: "Hero",
                    link: "https://shop.example",
                    width: "50%",
                    align: "right",
                  },
                  {
                    id: "v1",
                    type: "video",
                    videoUrl: "https://video.example/v/1",
                    thumbnailSrc: "https://cdn.example/thumb.png",
                    alt: "Watch",
                  },
                  { id: "l1", type: "logo", src: "https://cdn.example/logo2.png", width: "90px", align: "left" },
                  {
                    id: "menu1",
                    type: "menu",
                    layout: "vertical",
                    separator: "·",
                    components: [{ id: "mi1", type: "text", role: "menu_text", text: "Shop & more", link: "https://shop.example" }],
                  },
                  {
                    id: "so1",
                    type: "social",
                    iconStyle: "dark",
                    iconSize: "large",
                    icons: [{ network: "instagram", link: "https://instagram.com/shop" }],
                  },
                  { id: "h1", type: "htmlCode", style: "p{color:red}", body: "<p>custom</p>" },
                  { id: "ls1", type: "lineSpace", kind: "line", height: "2px", lineColor: "#cccccc", lineStyle: "dashed" },
                  { id: "ls2", type: "lineSpace", kind: "space", height: "24px" },
                  { id: "d1", type: "discount", code: "WELCOME10", text: "Your code" },
                  { id: "d2", type: "staticDiscount", code: "STATIC5" },
                  {
                    id: "d3",
                    type: "dynamicDiscount",
                    discountType: "percentage",
                    value: 15,
                    expiresInDays: 7,
                    prefix: "VIP",
                    text: "Thanks!",
                  },
                  { id: "o1", type: "orderSummary", showOrderDate: false },
                  { id: "o2", type: "orderProducts", showImage: false, showPrice: true },
                  { id: "o3", type: "orderTotal", showTax: false },
                  { id: "o4", type: "orderAddresses", showBilling: false },
                ],
              },
            ],
          },
        ],
      },
      {
        id: "pre",
        type: "preheader",
        rows: [{ id: "pr", columns: [{ id: "pc", blocks: [{ id: "pb", type: "preheader", text: "View in browser" }] }] }],
      },
      {
        id: "list",
        type: "products_listing",
        rows: [
          {
            id: "lr",
            columns: [
              {
                id: "lc",
                blocks: [{ id: "p1", type: "product", productID: "sku-1", showDescription: true, showButton: false, buttonText: "Buy" }],
              },
            ],
          },
        ],
      },
      {
        id: "dyn",
        type: "dynamic_list",
        settings: { dynamicList: { source: "eventProperty", property: "items", limit: 5 } },
        rows: [{ id: "dr", columns: [{ id: "dc", blocks: [{ id: "dt", type: "text", text: "<p>[[item.title]]</p>" }] }] }],
      },
    ],
  };
}

export function oldShapeLayoutContent() {
  return {
    id: "footer",
    styleProperties: { textAlign: "center" },
    settings: { visibility: { hideOnDesktop: true } },
    rows: [
      { id: "fr", columns: [{ id: "fc", blocks: [{ id: "ft", type: "button", text: "Unsubscribe", link: "https://shop.example/u" }] }] },
    ],
  };
}
