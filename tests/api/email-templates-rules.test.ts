// Every create/replace rule of the template document, each with the bad document and the exact
// problem, and the good document accepted.
import { beforeAll, describe, expect, it } from "vitest";
import { ALL_BLOCKS, fullTemplate, nid, plainSection, productSection } from "@/lib/templates/fixtures";
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "@/lib/templates/default-presets";
import { api, createTestBrand, expectProblem, type TestBrand } from "./helpers";
import { createOk, rejects } from "./template-helpers";

let brand: TestBrand;
beforeAll(async () => {
  brand = await createTestBrand();
});

const B0 = "/sections/0/rows/0/columns/0/blocks/0";
const doc = (sections: unknown[], extra: Record<string, unknown> = {}) => ({ name: "Rules", sections, ...extra });

describe("the full document", () => {
  it("accepts every section and block type and returns it as stored", async () => {
    const input = fullTemplate();
    const created = await createOk(brand, input);
    expect(created).toMatchObject({ name: input.name, generalSettings: input.generalSettings });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.sections).toHaveLength(input.sections!.length);
    const blocks = created.sections[1].rows[0].columns[0].blocks.map((b: any) => b.type);
    expect(blocks).toEqual(ALL_BLOCKS().map((b) => b.type));
  });

  it("reports every error of a request at once, shape and rule errors together", async () => {
    const a = nid();
    await rejects(
      brand,
      doc(
        [
          { id: a, rows: [{ id: a, columns: [{ id: nid(), blocks: [{ id: nid(), type: "text", text: "x", stylePresetID: "nope" }] }] }] },
          { id: nid(), type: "product_recommender", rows: [] },
        ],
        { name: "", generalSettings: { content: { width: "10px" } } },
      ),
      [
        { pointer: "/name", code: "too_small" },
        { pointer: "/generalSettings/content/width", code: "out_of_range" },
        { pointer: "/sections/0/rows/0/id", code: "duplicate", field: "sections.rows.id" },
        { pointer: `${B0}/stylePresetID`, code: "unknown_preset" },
        { pointer: "/sections/1/productRecommender", code: "required" },
      ],
    );
  });

  it("rejects unknown fields", async () => {
    await rejects(brand, doc([plainSection()], { colour: "red" }), [{ pointer: "/colour", code: "unknown_field" }]);
  });

  it("reports a wrong type as invalid_type, not as missing", async () => {
    await rejects(brand, { name: 5, sections: [] }, [{ pointer: "/name", code: "invalid_type" }]);
  });
});

describe("name", () => {
  it("is required, 1-255 characters", async () => {
    await rejects(brand, { sections: [] }, [{ pointer: "/name", code: "required" }]);
    await rejects(brand, { name: "", sections: [] }, [{ pointer: "/name", code: "too_small" }]);
    await rejects(brand, { name: "x".repeat(256), sections: [] }, [{ pointer: "/name", code: "too_big" }]);
    expect((await createOk(brand, { name: "x".repeat(255), sections: [] })).name).toHaveLength(255);
    expect((await createOk(brand, { name: "y", sections: [] })).name).toBe("y");
  });
});

describe("node ids", () => {
  it("every section, row, column and block needs one", async () => {
    await rejects(brand, doc([{ rows: [{ columns: [{ blocks: [{ type: "text", text: "x" }] }] }] }]), [
      { pointer: "/sections/0/id", code: "required" },
      { pointer: "/sections/0/rows/0/id", code: "required" },
      { pointer: "/sections/0/rows/0/columns/0/id", code: "required" },
      { pointer: `${B0}/id`, code: "required", field: "sections.rows.columns.blocks.id" },
    ]);
  });

  it("are 24 hexadecimal characters (as published)", async () => {
    const section = (id: string) => ({ id, rows: [] });
    await rejects(brand, doc([section("")]), [
      { pointer: "/sections/0/id", code: "too_small" },
      { pointer: "/sections/0/id", code: "invalid_format" },
    ]);
    await rejects(brand, doc([section("a".repeat(25))]), [
      { pointer: "/sections/0/id", code: "too_big" },
      { pointer: "/sections/0/id", code: "invalid_format" },
    ]);
    await rejects(brand, doc([section("hero_section-1")]), [
      { pointer: "/sections/0/id", code: "too_small" },
      { pointer: "/sections/0/id", code: "invalid_format" },
    ]);
    await rejects(brand, doc([section("65a1b2c3d4e5f60718293a4z")]), [{ pointer: "/sections/0/id", code: "invalid_format" }]);
    await createOk(brand, doc([section("65a1b2c3d4e5f60718293a4b"), section("69770B2F7F774C6FB6F57192")]));
  });

  it("are unique within the template, across levels", async () => {
    const id = nid();
    const body = await rejects(
      brand,
      doc([
        plainSection([{ id: nid(), type: "text", text: "x" }]),
        {
          id: nid(),
          rows: [
            {
              id: nid(),
              columns: [
                {
                  id: nid(),
                  blocks: [
                    { id, type: "text", text: "a" },
                    {
                      id: nid(),
                      type: "menu",
                      components: [{ id, type: "text", role: "menu_text", text: '<a href="https://x.example">m</a>' }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { id, rows: [] },
      ]),
      [
        { pointer: "/sections/1/rows/0/columns/0/blocks/1/components/0/id", code: "duplicate" },
        { pointer: "/sections/2/id", code: "duplicate", field: "sections.id" },
      ],
    );
    expect(body.errors[0].message).toContain("/sections/1/rows/0/columns/0/blocks/0");
  });
});

describe("section types", () => {
  it("rejects an unknown section type", async () => {
    await rejects(brand, doc([{ id: nid(), type: "carousel", rows: [] }]), [{ pointer: "/sections/0/type", code: "invalid_value" }]);
  });

  it("an empty type is a plain section", async () => {
    await createOk(brand, doc([{ ...plainSection(), type: "" }]));
  });

  it("product sections accept only product blocks", async () => {
    for (const type of ["products_listing", "product_recommender", "product_cart_recovery", "product_back_in_stock"] as const) {
      const section = {
        ...plainSection([
          { id: nid(), type: "product", product: {} },
          { id: nid(), type: "text", text: "x" },
        ]),
        type,
        productRecommender: type === "product_recommender" ? { type: "newest" } : undefined,
      };
      await rejects(brand, doc([section]), [{ pointer: "/sections/0/rows/0/columns/0/blocks/1/type", code: "product_blocks_only" }]);
      await createOk(
        brand,
        doc([
          {
            ...section,
            rows: [{ ...section.rows[0], columns: [{ ...section.rows[0].columns[0], blocks: [section.rows[0].columns[0].blocks[0]] }] }],
          },
        ]),
      );
    }
  });

  it("product_recommender needs productRecommender, and only it may have one", async () => {
    await rejects(brand, doc([productSection("product_recommender", 1)]), [
      { pointer: "/sections/0/productRecommender", code: "required" },
    ]);
    await rejects(brand, doc([productSection("products_listing", 1, { productRecommender: { type: "newest" } })]), [
      { pointer: "/sections/0/productRecommender", code: "not_allowed" },
    ]);
    await createOk(brand, doc([productSection("product_recommender", 1, { productRecommender: { type: "newest" } })]));
  });

  it("recommender, cart recovery and back-in-stock sections hold at most 12 product blocks", async () => {
    const rec = { productRecommender: { type: "popular" as const } };
    for (const type of ["product_recommender", "product_cart_recovery", "product_back_in_stock"] as const) {
      const extra = type === "product_recommender" ? rec : {};
      await rejects(brand, doc([productSection(type, 13, extra)]), [
        { pointer: "/sections/0/rows/0/columns/0/blocks/12", code: "too_many_product_blocks" },
      ]);
      await createOk(brand, doc([productSection(type, 12, extra)]));
    }
    // products_listing has no such limit
    await createOk(brand, doc([productSection("products_listing", 13)]));
  });

  it("the 12 are counted over all rows and columns of the section", async () => {
    const section = productSection("product_cart_recovery", 7);
    section.rows.push({
      id: nid(),
      columns: [{ id: nid(), blocks: Array.from({ length: 6 }, () => ({ id: nid(), type: "product" as const, product: {} })) }],
    });
    await rejects(brand, doc([section]), [{ pointer: "/sections/0/rows/1/columns/0/blocks/5", code: "too_many_product_blocks" }]);
  });

  it("dynamic_list needs settings.dynamicList", async () => {
    await rejects(brand, doc([{ ...plainSection(), type: "dynamic_list" }]), [
      { pointer: "/sections/0/settings/dynamicList", code: "required" },
    ]);
    await rejects(brand, doc([{ ...plainSection(), type: "dynamic_list", settings: {} }]), [
      { pointer: "/sections/0/settings/dynamicList", code: "required" },
    ]);
    await createOk(brand, doc([{ ...plainSection(), type: "dynamic_list", settings: { dynamicList: { listPath: "cart.products" } } }]));
  });

  it("a template has at most one preheader section", async () => {
    const preheader = () => ({
      ...plainSection([{ id: nid(), type: "preheader", preheader: { linkText: "View online" } }]),
      type: "preheader",
    });
    await rejects(brand, doc([preheader(), plainSection(), preheader()]), [{ pointer: "/sections/2/type", code: "duplicate" }]);
    await createOk(brand, doc([preheader(), plainSection()]));
  });

  it("the badge section is read-only", async () => {
    await rejects(brand, doc([plainSection(), { id: "ba09e0000000000000000001", type: "badge", rows: [{ whatever: true }] }]), [
      { pointer: "/sections/1/type", code: "read_only" },
    ]);
  });

  it("the html block type and the html field are read-only (htmlCode replaces them)", async () => {
    await rejects(brand, doc([plainSection([{ id: nid(), type: "html", html: "<p>x</p>" }])]), [
      { pointer: `${B0}/type`, code: "read_only" },
    ]);
    await rejects(brand, doc([plainSection([{ id: nid(), type: "text", text: "x", html: "<p>x</p>" }])]), [
      { pointer: `${B0}/html`, code: "read_only" },
    ]);
    await createOk(brand, doc([plainSection([{ id: nid(), type: "htmlCode", htmlCode: { style: "", body: "<p>x</p>" } }])]));
  });
});

describe("block types", () => {
  it("rejects an unknown block type, content in the old flat shape and a bad image source", async () => {
    await rejects(
      brand,
      doc([
        plainSection([
          { id: nid(), type: "carousel" },
          { id: nid(), type: "button", text: "Go", link: "https://x.example" },
          { id: nid(), type: "image", image: { source: "ftp://x" } },
        ]),
      ]),
      [
        { pointer: `${B0}/type`, code: "invalid_value" },
        { pointer: "/sections/0/rows/0/columns/0/blocks/1/link", code: "unknown_field" },
        { pointer: "/sections/0/rows/0/columns/0/blocks/2/image/source", code: "invalid_format" },
      ],
    );
  });

  it("menu items are text components with role menu_text", async () => {
    await rejects(
      brand,
      doc([
        plainSection([
          {
            id: nid(),
            type: "menu",
            components: [
              { id: nid(), type: "text", role: "heading", text: "x" },
              { id: nid(), type: "text", role: "product_title", text: "y" },
              { id: nid(), type: "text", text: "z" },
            ],
          },
        ]),
      ]),
      [
        { pointer: `${B0}/components/0/role`, code: "invalid_value" },
        { pointer: `${B0}/components/1/role`, code: "not_allowed" },
        { pointer: `${B0}/components/2/role`, code: "required" },
      ],
    );
  });

  it("discount blocks hold exactly one text discount_code; staticDiscount takes no button; roles belong to their types", async () => {
    const code = () => ({ id: nid(), type: "text", role: "discount_code", text: "XXXX-XXXX-XXXX" });
    const button = () => ({ id: nid(), type: "button", role: "discount_button", button: { text: "Shop", link: "https://x.example" } });
    await rejects(
      brand,
      doc([
        plainSection([
          { id: nid(), type: "discount", discount: { code: "XXXX-XXXX-XXXX" }, components: [] },
          { id: nid(), type: "dynamicDiscount", dynamicDiscount: {}, components: [code(), code()] },
          { id: nid(), type: "staticDiscount", staticDiscount: { code: "FIX" }, components: [{ ...code(), text: "FIX" }, button()] },
          { id: nid(), type: "discount", components: [{ ...code(), type: "button" }] },
          { id: nid(), type: "text", text: "x", components: [code()] },
        ]),
      ]),
      [
        { pointer: `${B0}/components`, code: "required" },
        { pointer: "/sections/0/rows/0/columns/0/blocks/1/components", code: "duplicate" },
        { pointer: "/sections/0/rows/0/columns/0/blocks/2/components/1/role", code: "not_allowed" },
        { pointer: "/sections/0/rows/0/columns/0/blocks/3/components/0/type", code: "invalid_value" },
        { pointer: "/sections/0/rows/0/columns/0/blocks/4/components/0/role", code: "not_allowed" },
      ],
    );
    await createOk(
      brand,
      doc([
        plainSection([
          {
            id: nid(),
            type: "discount",
            discount: {
              code: "XXXX-XXXX-XXXX",
              discountType: "percentage",
              valuePercentage: "15",
              discountConditions: "all_orders",
              endsIn: "14",
            },
            components: [code(), button(), { id: nid(), type: "text", role: "discount_expiration_date", text: "Ends soon" }],
          },
          { id: nid(), type: "dynamicDiscount", dynamicDiscount: { code: "XXXX-XXXX-XXXX" }, components: [code(), button()] },
          { id: nid(), type: "staticDiscount", staticDiscount: { code: "FIX" }, components: [{ ...code(), text: "FIX" }] },
        ]),
      ]),
    );
  });

  it("a product's price/product_prices component nests current and old prices", async () => {
    const product = (prices: unknown[]) => ({
      ...plainSection([
        {
          id: nid(),
          type: "product",
          product: { productID: "sku" },
          components: [{ id: nid(), type: "price", role: "product_prices", components: prices }],
        },
      ]),
      type: "products_listing",
    });
    await rejects(brand, doc([product([{ id: nid(), type: "text", role: "discount_code" }])]), [
      { pointer: `${B0}/components/0/components/0/role`, code: "not_allowed" },
    ]);
    await createOk(
      brand,
      doc([
        product([
          { id: nid(), type: "text", role: "product_current_price" },
          { id: nid(), type: "text", role: "product_old_price" },
        ]),
      ]),
    );
  });

  it("links cannot run script", async () => {
    await rejects(brand, doc([plainSection([{ id: nid(), type: "button", button: { text: "x", link: "javascript:alert(1)" } }])]), [
      { pointer: `${B0}/button/link`, code: "unsafe_link" },
    ]);
  });

  it("style keywords are checked with a clear error", async () => {
    await rejects(
      brand,
      doc([
        plainSection([
          {
            id: nid(),
            type: "text",
            text: "x",
            styleProperties: {
              alignment: "middle",
              verticalAlign: "center",
              padding: "1px 2px 3px 4px 5px",
              border: "1px solid red;display:none",
            },
          },
        ]),
      ]),
      [
        { pointer: `${B0}/styleProperties/alignment`, code: "invalid_value" },
        { pointer: `${B0}/styleProperties/verticalAlign`, code: "invalid_value" },
        { pointer: `${B0}/styleProperties/padding`, code: "invalid_format" },
        { pointer: `${B0}/styleProperties/border`, code: "invalid_value" },
      ],
    );
  });
});

describe("product recommender", () => {
  const section = (productRecommender: unknown) =>
    productSection("product_recommender", 2, { productRecommender: productRecommender as never });
  const P = "/sections/0/productRecommender";

  it("type is one of the five strategies", async () => {
    await rejects(brand, doc([section({ type: "random" })]), [{ pointer: `${P}/type`, code: "invalid_value" }]);
    await rejects(brand, doc([section({})]), [{ pointer: `${P}/type`, code: "required" }]);
    for (const type of ["newest", "popular", "mostViewed", "personalized", "recentlyViewed"])
      await createOk(brand, doc([section({ type })]));
  });

  it("fallbackType is newest, popular or mostViewed", async () => {
    await rejects(brand, doc([section({ type: "personalized", fallbackType: "recentlyViewed" })]), [
      { pointer: `${P}/fallbackType`, code: "invalid_value" },
    ]);
    for (const fallbackType of ["newest", "popular", "mostViewed"])
      await createOk(brand, doc([section({ type: "personalized", fallbackType })]));
  });

  it("counts are non-negative integers, priceFrom non-negative, lists of ids", async () => {
    await rejects(
      brand,
      doc([
        section({
          type: "newest",
          purchaseExclusionDays: -1,
          recencyMonths: 1.5,
          priceFrom: -3,
          includeCategories: "shoes",
          isOutOfStockIncluded: "yes",
        }),
      ]),
      [
        { pointer: `${P}/purchaseExclusionDays`, code: "too_small" },
        { pointer: `${P}/recencyMonths`, code: "invalid_type" },
        { pointer: `${P}/priceFrom`, code: "too_small" },
        { pointer: `${P}/includeCategories`, code: "invalid_type" },
        { pointer: `${P}/isOutOfStockIncluded`, code: "invalid_type" },
      ],
    );
    const created = await createOk(
      brand,
      doc([
        section({
          type: "newest",
          purchaseExclusionDays: 0,
          recencyMonths: 6,
          priceFrom: 9.99,
          includeCategories: ["c1"],
          excludeCategories: ["c2"],
          excludeProducts: ["p1"],
        }),
      ]),
    );
    expect(created.sections[0].productRecommender).toMatchObject({ isOutOfStockIncluded: false, recencyMonths: 6 });
  });

  it("personalized strategies are accepted on the free plan (the plan matters only at send time)", async () => {
    const free = await createTestBrand({ plan: "free" });
    for (const type of ["personalized", "recentlyViewed"]) await createOk(free, doc([section({ type, fallbackType: "popular" })]));
  });
});

describe("presets", () => {
  const custom = { id: "promo", name: "Promo", styles: { backgroundColor: "#ff0000", fontSize: "18px" } };
  const text = (stylePresetID: string) => plainSection([{ id: nid(), type: "text", text: "x", stylePresetID }]);

  it("given buttonPresets must contain primary, secondary and tertiary", async () => {
    const body = await rejects(brand, doc([], { generalSettings: { buttonPresets: DEFAULT_BUTTON_PRESETS.slice(0, 2) } }), [
      { pointer: "/generalSettings/buttonPresets", code: "missing_preset" },
    ]);
    expect(body.errors[0].message).toContain("tertiary_button");
    await createOk(brand, doc([], { generalSettings: { buttonPresets: [...DEFAULT_BUTTON_PRESETS, custom] } }));
  });

  it("given textPresets must contain the five text presets", async () => {
    const body = await rejects(
      brand,
      doc([], { generalSettings: { textPresets: DEFAULT_TEXT_PRESETS.filter((p) => p.id !== "footnote") } }),
      [{ pointer: "/generalSettings/textPresets", code: "missing_preset" }],
    );
    expect(body.errors[0].message).toContain("footnote");
    await createOk(brand, doc([], { generalSettings: { textPresets: [...DEFAULT_TEXT_PRESETS] } }));
  });

  it("preset ids are unique", async () => {
    await rejects(
      brand,
      doc([], {
        generalSettings: {
          buttonPresets: [...DEFAULT_BUTTON_PRESETS, { ...custom, id: "primary_button" }],
          textPresets: [...DEFAULT_TEXT_PRESETS, custom, custom],
        },
      }),
      [
        { pointer: "/generalSettings/buttonPresets/3/id", code: "duplicate" },
        { pointer: "/generalSettings/textPresets/6/id", code: "duplicate" },
      ],
    );
  });

  it("a block's stylePresetID names a preset that exists (given or default)", async () => {
    await rejects(brand, doc([text("promo")]), [
      { pointer: `${B0}/stylePresetID`, code: "unknown_preset", field: "sections.rows.columns.blocks.stylePresetID" },
    ]);
    await createOk(brand, doc([text("heading_large")]));
    await createOk(brand, doc([text("promo")], { generalSettings: { textPresets: [...DEFAULT_TEXT_PRESETS, custom] } }));
  });

  it("preset styles are checked like any style", async () => {
    await rejects(
      brand,
      doc([], {
        generalSettings: { buttonPresets: [...DEFAULT_BUTTON_PRESETS, { ...custom, styles: { fontSize: "200px", color: "reddish" } }] },
      }),
      [
        { pointer: "/generalSettings/buttonPresets/3/styles/fontSize", code: "out_of_range" },
        { pointer: "/generalSettings/buttonPresets/3/styles/color", code: "invalid_colour" },
      ],
    );
  });
});

describe("limits of the general settings and styles", () => {
  const width = (w: string) => doc([], { generalSettings: { content: { width: w } } });

  it("content width is 300px-2000px", async () => {
    await rejects(brand, width("299px"), [
      { pointer: "/generalSettings/content/width", code: "out_of_range", field: "generalSettings.content.width" },
    ]);
    await rejects(brand, width("2001px"), [{ pointer: "/generalSettings/content/width", code: "out_of_range" }]);
    await rejects(brand, width("600"), [{ pointer: "/generalSettings/content/width", code: "invalid_format" }]);
    await createOk(brand, width("300px"));
    await createOk(brand, width("2000px"));
  });

  it("every font size is 3px-100px", async () => {
    const styled = (fontSize: string) =>
      doc([{ ...plainSection([{ id: nid(), type: "text", text: "x", styleProperties: { fontSize } }]), styleProperties: { fontSize } }], {
        generalSettings: { content: { fontSize } },
      });
    await rejects(brand, styled("2px"), [
      { pointer: "/generalSettings/content/fontSize", code: "out_of_range" },
      { pointer: "/sections/0/styleProperties/fontSize", code: "out_of_range" },
      { pointer: `${B0}/styleProperties/fontSize`, code: "out_of_range" },
    ]);
    await rejects(brand, styled("101px"), [
      { pointer: "/generalSettings/content/fontSize", code: "out_of_range" },
      { pointer: "/sections/0/styleProperties/fontSize", code: "out_of_range" },
      { pointer: `${B0}/styleProperties/fontSize`, code: "out_of_range" },
    ]);
    await createOk(brand, styled("3px"));
    await createOk(brand, styled("100px"));
  });

  it("colours are valid CSS colours", async () => {
    const coloured = (color: string) =>
      doc([{ ...plainSection(), styleProperties: { backgroundColor: color } }], { generalSettings: { body: { backgroundColor: color } } });
    for (const bad of ["#ggg", "rgb(1, 2)", "blurple", "#12345"]) {
      await rejects(brand, coloured(bad), [
        { pointer: "/generalSettings/body/backgroundColor", code: "invalid_colour" },
        { pointer: "/sections/0/styleProperties/backgroundColor", code: "invalid_colour" },
      ]);
    }
    for (const good of [
      "#fff",
      "#FFFFFF",
      "#ffffff80",
      "rgb(255, 0, 0)",
      "rgba(0,0,0,0.5)",
      "hsl(120deg 50% 50%)",
      "rebeccapurple",
      "transparent",
    ]) {
      await createOk(brand, coloured(good));
    }
  });
});

describe("replace (PUT) applies the same rules", () => {
  it("rejects a bad document and stores a good one", async () => {
    const created = await createOk(brand, fullTemplate("Before"));
    const bad = { ...fullTemplate("After"), generalSettings: { content: { width: "100px" } } };
    await expectProblem(
      await api(`/api/email-templates/${created.id}`, { key: brand.key, method: "PUT", body: bad }),
      400,
      "validation-failed",
    );
    const res = await api(`/api/email-templates/${created.id}`, {
      key: brand.key,
      method: "PUT",
      body: doc([plainSection()], { name: "After" }),
    });
    expect(res.status).toBe(200);
    const replaced = await res.json();
    expect(replaced).toMatchObject({ id: created.id, name: "After", generalSettings: {}, createdAt: created.createdAt });
    expect(replaced.sections).toHaveLength(1);
  });
});
