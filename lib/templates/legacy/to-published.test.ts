import { describe, expect, it } from "vitest";
import { LayoutInput } from "../layouts/schema";
import { TemplateInput } from "../schema/template";
import { checkLayoutRules, checkTemplateRules } from "../validate-template";
import { oldShapeDocument, oldShapeLayoutContent } from "./old-shape-fixture";
import { convertDocument, convertLayoutContent } from "./to-published";

const TEMPLATE_ID = "65a1000000000000000000aa";

describe("old documents → the published shape", () => {
  const doc = convertDocument(oldShapeDocument(), TEMPLATE_ID);
  const [hero, pre, listing, dyn] = doc.sections;
  const blocks = hero.rows[0].columns[0].blocks;
  const byId = (old: string) => blocks.find((_b: any, i: number) => oldShapeDocument().sections[0].rows[0].columns[0].blocks[i].id === old);

  it("is valid for the published schema and every rule", () => {
    const parsed = TemplateInput.safeParse({ name: "Converted", ...doc });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(checkTemplateRules(doc).errors).toEqual([]);
  });

  it("keeps what a person built", () => {
    expect(hero.id).toMatch(/^[0-9a-f]{24}$/);
    expect(hero.visibility).toEqual({ isMobileVisible: false });
    expect(hero.settings.filter).toEqual({
      operator: "and",
      rules: [{ operator: "equals", property: { id: "tier", isSystem: false, name: "tier", type: "string" }, value: "gold" }],
    });
    expect(hero.styleProperties).toEqual({
      backgroundColor: "#eeeeee",
      alignment: "center",
      backgroundImage: "https://cdn.example/hero-bg.png",
    });
    expect(byId("t1")).toMatchObject({
      type: "text",
      text: "<p>Hello [[contact.first_name | there]]</p>",
      stylePresetID: "paragraph",
      visibility: { isDesktopVisible: false },
    });
    expect(byId("b1")).toMatchObject({
      button: { text: "Shop now", link: "https://shop.example/sale", isFullWidth: true, openInNewTab: true },
      styleProperties: { innerPaddingTop: "14px", paddingTop: "8px", alignment: "left" },
    });
    expect(byId("i1")).toMatchObject({
      image: { source: "https://cdn.example/hero.png", altText: "Hero", link: "https://shop.example", resizeWidth: 300 },
      styleProperties: { alignment: "right" },
    });
    expect(byId("v1")).toMatchObject({
      video: { link: "https://video.example/v/1", altText: "Watch", image: { source: "https://cdn.example/thumb.png" } },
    });
    expect(byId("l1")).toMatchObject({
      image: { source: "https://cdn.example/logo2.png" },
      logo: { resizeWidth: 90 },
      styleProperties: { alignment: "left" },
    });
    expect(byId("menu1")).toMatchObject({
      menu: { layout: "vertical", separator: "·" },
      components: [{ type: "text", role: "menu_text", text: '<a href="https://shop.example">Shop &amp; more</a>' }],
    });
    expect(byId("so1")).toMatchObject({
      social: { icons: [{ type: "instagram", link: "https://instagram.com/shop" }], iconStyle: "dark", size: "36px" },
    });
    expect(byId("h1")).toMatchObject({ htmlCode: { style: "p{color:red}", body: "<p>custom</p>" } });
    expect(byId("ls1")).toMatchObject({
      lineSpace: { type: "line", height: 2, lineStyle: "dashed" },
      styleProperties: { dividerColor: "#cccccc" },
    });
    expect(byId("ls2")).toMatchObject({ lineSpace: { type: "space", height: 24 } });
    expect(byId("d1")).toMatchObject({
      discount: { code: "WELCOME10", offerText: "Your code" },
      components: [{ role: "discount_code", text: "WELCOME10" }],
    });
    expect(byId("d3")).toMatchObject({
      dynamicDiscount: { code: "VIP-XXXX-XXXX-XXXX", discountType: "percentage", valuePercentage: "15", endsIn: "7", offerText: "Thanks!" },
      components: [
        { role: "discount_code", text: "XXXX-XXXX-XXXX" },
        { role: "discount_expiration_date", text: "Valid for 7 days" },
      ],
    });
    expect(byId("o1")).toMatchObject({ orderSummary: { hiddenFields: { isDateHidden: true } } });
    expect(byId("o2")).toMatchObject({ orderProducts: { hiddenFields: { isImageHidden: true } } });
    expect(byId("o3")).toMatchObject({ orderTotal: { hiddenFields: { isTaxTotalHidden: true } } });
    expect(byId("o4").orderAddresses.hiddenFields.billing.isNameSurnameHidden).toBe(true);
    expect(pre.rows[0].columns[0].blocks[0]).toMatchObject({ type: "preheader", preheader: { linkText: "View in browser" } });
    expect(listing.rows[0].columns[0].blocks[0]).toMatchObject({ product: { productID: "sku-1", buttonText: "Buy" } });
    expect(listing.rows[0].columns[0].blocks[0].components.map((c: any) => c.role)).toEqual([
      "product_image",
      "product_title",
      "product_description",
      "product_price",
    ]);
    expect(dyn.settings.dynamicList).toEqual({ listPath: "items", layout: "list", repetitionCount: 5 });
    expect(doc.generalSettings.logo).toEqual({ link: "https://shop.example", source: "https://cdn.example/logo.png", resizeWidth: 120 });
    expect(doc.generalSettings.gmail).toEqual({
      annotation: { isEnabled: true, discountDescription: "20% off", discountCode: "SAVE20", logoUrl: "https://cdn.example/logo.png" },
    });
    expect(doc.generalSettings.body).toMatchObject({ backgroundImage: "https://cdn.example/bg.png" });
  });

  it("gives every node a 24-hex id, stable per template, unique", () => {
    const ids = JSON.stringify(doc)
      .match(/"id":"[^"]*"/g)!
      .filter((id) => id !== '"id":"tier"'); // the filter's property id is a name
    for (const id of ids) expect(id).toMatch(/^"id":"[0-9a-f]{24}"$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(convertDocument(oldShapeDocument(), TEMPLATE_ID)).toEqual(doc);
  });

  it("is idempotent", () => {
    expect(convertDocument(doc, TEMPLATE_ID)).toEqual(doc);
  });

  it("converts a universal layout's content", () => {
    const content = convertLayoutContent(oldShapeLayoutContent(), "65a1000000000000000000bb");
    expect(LayoutInput.safeParse({ name: "Footer", content }).error?.issues ?? []).toEqual([]);
    expect(checkLayoutRules(content, ["content"]).errors).toEqual([]);
    expect(content).toMatchObject({ visibility: { isDesktopVisible: false }, styleProperties: { alignment: "center" } });
    expect(content.rows[0].columns[0].blocks[0]).toMatchObject({ button: { text: "Unsubscribe", link: "https://shop.example/u" } });
  });
});
