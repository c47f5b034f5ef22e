// Every section type and block type maps to MJML that renders; general settings and presets apply.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { isCheck } from "@/lib/templates/checks/check";
import { compileUncached } from "../compile";
import { ID, everyBlockTemplate } from "../fixtures/every-block";
import { renderDocument } from "../render-document";
import { SAMPLE_ORDER, sampleListItems, sampleProducts } from "../sample-data";
import type { RecipientData } from "../recipient-data";
import { Tokenizer } from "../tokens";
import type { RenderableTemplate, RenderSection } from "../types";
import { fullShape } from "../warnings";
import { templateToMjml } from "./document";

function data(overrides: Partial<RecipientData> = {}): RecipientData {
  return {
    contact: { id: "c1", firstName: "Ana", email: "ana@example.com" },
    hidden: [],
    slots: { [ID.recommender]: sampleProducts(2), [ID.cart]: sampleProducts(1), [ID.restock]: sampleProducts(1) },
    listing: { [ID.listed]: { ...sampleProducts(1)[0], title: "Listed product" } },
    lists: { [ID.list]: sampleListItems(2) },
    order: SAMPLE_ORDER,
    discounts: { [ID["dynamic-discount"]]: "VIP-CODE1234" },
    ...overrides,
  };
}

const doc = (sections: RenderSection[], generalSettings: RenderableTemplate["generalSettings"] = {}): RenderableTemplate => ({
  sections,
  generalSettings,
});
const oneBlock = (
  block: RenderSection["rows"][number]["columns"][number]["blocks"][number],
  section: Partial<RenderSection> = {},
): RenderSection => ({ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [block] }] }], ...section }) as RenderSection;
const mjmlOf = (d: RenderableTemplate) => templateToMjml(d, fullShape(d), new Tokenizer());

describe("every section and block type", () => {
  it("renders the fixture without MJML errors, with every block's content", async () => {
    const { html, text, warnings } = await renderDocument(everyBlockTemplate(), data());
    // No tag or layout warnings (pre-send checks, e.g. the fixture's example.com links, are tested in lib/templates/checks).
    expect(warnings.filter((w) => !isCheck(w))).toEqual([]);
    const expected = [
      "View in browser", // preheader
      'src="https://cdn.example.com/logo.png"', // logo
      ">Shop</a>",
      ">Sale</a>", // menu
      "Hello Ana!", // text with a tag
      'src="https://cdn.example.com/hero.png"',
      'href="https://shop.example.com/hero"', // image
      "Shop now",
      "https://shop.example.com/?email=ana%40example.com", // button
      'href="https://video.example.com/v/1"',
      'src="https://cdn.example.com/thumb.png"', // video
      "border-top:solid 1px #cccccc", // line
      "height:24px", // spacer
      '<p class="promo">Custom HTML</p>',
      ".promo{color:#c00}", // htmlCode body and style
      'href="https://facebook.com/shop"',
      'href="https://tiktok.com/@shop"', // social, straight links
      "WELCOME10",
      "STATIC5",
      "VIP-CODE1234",
      "15% off",
      "Valid for 7 days", // discounts
      "Listed product", // products_listing
      "Sample product 2", // recommender's second slot
      "Order <strong>#1001</strong>",
      "$88.16",
      "1 Main Street", // order blocks
      "Item: Sample product 1 × 1",
      "Item: Sample product 2 × 2", // dynamic list
      "Footer", // universal layout (resolved rows)
      "Sent with", // badge
    ];
    for (const piece of expected) expect(html, piece).toContain(piece);
    expect(text).toContain("Hello Ana!");
    expect(text).toContain("WELCOME10");
    expect(html).not.toMatch(/ink[0-9a-f]{8}t\d+x/i);
  });

  it("leaves empty product slots and an empty list out", async () => {
    const { html } = await renderDocument(
      everyBlockTemplate(),
      data({ slots: { [ID.recommender]: sampleProducts(1), [ID.cart]: [], [ID.restock]: [] }, lists: { [ID.list]: [] }, order: null }),
    );
    expect(html).toContain("Sample product 1");
    expect(html).not.toContain("Sample product 2");
    expect(html).not.toContain("Item:");
    expect(html).not.toContain("#1001");
  });
});

describe("general settings", () => {
  it("apply content width, backgrounds, font and colour", async () => {
    const d = doc([oneBlock({ id: "t", type: "text", text: "<p>x</p>" })], {
      content: { width: "640px", backgroundColor: "#fafafa", fontFamily: "Georgia, serif", fontSize: "15px", color: "#123456" },
      body: { backgroundColor: "#00ff00", backgroundImage: "https://cdn.example.com/bg.png", backgroundSize: "cover" },
    });
    const { html } = await compileUncached(d, fullShape(d));
    expect(html).toContain("max-width:640px");
    expect(html).toMatch(/background(-color)?:#fafafa/);
    expect(html).toContain("background-color:#00ff00");
    expect(html).toContain('background-image:url("https://cdn.example.com/bg.png")');
    expect(html).toContain("font-family:Georgia, serif");
    expect(html).toContain("font-size:15px");
    expect(html).toContain("color:#123456");
  });
});

describe("presets", () => {
  it("a text block's stylePresetID applies the text preset, its own styles win", () => {
    const mjml = mjmlOf(
      doc([oneBlock({ id: "t", type: "text", stylePresetID: "heading_large", text: "T", styleProperties: { color: "#ff0000" } })]),
    );
    expect(mjml).toMatch(/<mj-text[^>]*font-size="32px"/);
    expect(mjml).toMatch(/<mj-text[^>]*font-weight="bold"/);
    expect(mjml).toMatch(/<mj-text[^>]*color="#ff0000"/);
  });

  it("a button uses primary_button by default, and a template's own presets", () => {
    expect(mjmlOf(doc([oneBlock({ id: "b", type: "button", button: { text: "Go", link: "https://a.example" } })]))).toMatch(
      /<mj-button[^>]*background-color="#1a73e8"/,
    );
    const custom = { id: "primary_button", name: "P", styles: { backgroundColor: "#000000", color: "#ffffff" } };
    const withPresets = doc([oneBlock({ id: "b", type: "button", button: { text: "Go", link: "https://a.example" } })], {
      buttonPresets: [custom, { ...custom, id: "secondary_button" }, { ...custom, id: "tertiary_button" }],
    });
    expect(mjmlOf(withPresets)).toMatch(/<mj-button[^>]*background-color="#000000"/);
  });
});

describe("layout", () => {
  it("columns become mj-columns with their widths (stacked below the 480px breakpoint)", () => {
    const d = doc([
      {
        id: "s",
        rows: [
          {
            id: "r",
            columns: [
              { id: "a", width: "50%", blocks: [] },
              { id: "b", width: "50%", blocks: [] },
            ],
          },
        ],
      } as RenderSection,
    ]);
    const mjml = mjmlOf(d);
    expect(mjml.match(/<mj-column width="50%"/g)).toHaveLength(2);
    expect(mjml).toContain('<mj-breakpoint width="480px" />');
  });

  it("visibility settings hide sections and blocks on desktop or mobile", async () => {
    const d = doc([
      oneBlock({ id: "t", type: "text", text: "mobile only", visibility: { isDesktopVisible: false } }, { id: "s1" }),
      {
        ...oneBlock({ id: "t2", type: "text", text: "desktop only" }, { id: "s2" }),
        visibility: { isMobileVisible: false },
      } as RenderSection,
    ]);
    const { html } = await compileUncached(d, fullShape(d));
    expect(html).toMatch(/class="ink-hide-desktop"/);
    expect(html).toMatch(/class="ink-hide-mobile"/);
    expect(html).toMatch(/@media only screen and \(min-width:480px\)\{\.ink-hide-desktop/);
    expect(html).toMatch(/@media only screen and \(max-width:479px\)\{\.ink-hide-mobile/);
  });

  it("a section filter hides the section for recipients who do not match it", async () => {
    const gold = {
      operator: "and",
      rules: [{ operator: "equals", property: { id: "tier", isSystem: false, name: "Tier", type: "string" }, value: "gold" }],
    };
    const d = doc([{ ...oneBlock({ id: "t", type: "text", text: "gold only" }), settings: { filter: gold } } as RenderSection]);
    const { hiddenNodes, filterMatches } = await import("../conditions");
    expect(hiddenNodes(d.sections, { customProperties: { tier: "gold" } })).toEqual([]);
    expect(hiddenNodes(d.sections, { customProperties: { tier: "silver" } })).toEqual(["s"]);
    expect(
      filterMatches(
        { operator: "or", rules: [gold.rules[0], { operator: "exists", property: { id: "first_name", isSystem: true } }] },
        { firstName: "Ana" },
      ),
    ).toBe(true);
    expect(
      filterMatches({ rules: [{ operator: "greaterThan", property: { id: "age" }, value: "30" }] }, { customProperties: { age: 41 } }),
    ).toBe(true);
    const { html } = await renderDocument(d, data({ hidden: ["s"] }));
    expect(html).not.toContain("gold only");
  });
});

// The published StyleProperties (machine copy of the published document, tests/published/): each one
// has a check here, so a property added to the list cannot be forgotten.
const PUBLISHED_STYLE_PROPERTIES = Object.keys(
  (
    JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../../../tests/published/emailtemplates-2026-03-15.json"), "utf8"),
    ) as {
      schemas: { StyleProperties: { properties: Record<string, unknown> } };
    }
  ).schemas.StyleProperties.properties,
);

type StyleValues = Record<string, unknown>;
const IMAGE_ID = "68f0af8f72105230579523cf";
const IMAGE_URL = `${config().appOrigin}/image/newsletter/${IMAGE_ID}`;
/** A section holding the node the styles are set on. */
const ON = {
  text: (s: StyleValues) => oneBlock({ id: "t", type: "text", text: '<p>a <a href="https://x.example">l</a></p>', styleProperties: s }),
  button: (s: StyleValues) => oneBlock({ id: "b", type: "button", button: { text: "Go", link: "https://a.example" }, styleProperties: s }),
  line: (s: StyleValues) =>
    oneBlock({ id: "l", type: "lineSpace", lineSpace: { type: "line", height: 3, width: 200 }, styleProperties: s }),
  product: (s: StyleValues) =>
    oneBlock({
      id: "p",
      type: "product",
      product: { productID: "p1" },
      styleProperties: s,
      components: [
        { type: "text", role: "product_title" },
        {
          type: "price",
          role: "product_prices",
          components: [
            { type: "text", role: "product_current_price" },
            { type: "text", role: "product_old_price" },
          ],
        },
        { type: "text", role: "product_description" },
      ],
    } as RenderSection["rows"][number]["columns"][number]["blocks"][number]),
  section: (s: StyleValues) => ({ ...oneBlock({ id: "t", type: "text", text: "x" }), styleProperties: s }) as RenderSection,
  row: (s: StyleValues) => ({ id: "s", rows: [{ id: "r", styleProperties: s, columns: [{ id: "c", blocks: [] }] }] }) as RenderSection,
  column: (s: StyleValues) => ({ id: "s", rows: [{ id: "r", columns: [{ id: "c", styleProperties: s, blocks: [] }] }] }) as RenderSection,
};
/** Where a property is set, its value, what else it needs to show (`with`), and what it must put in the MJML. */
type Check = { on: keyof typeof ON; value: unknown; with?: StyleValues; expect: RegExp };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const STYLE_CHECKS: Record<string, Check[]> = {
  alignment: [{ on: "text", value: "right", expect: /<mj-text[^>]* align="right"/ }],
  backgroundColor: [
    { on: "text", value: "#101010", expect: /container-background-color="#101010"/ },
    { on: "row", value: "#101011", expect: /<mj-section[^>]* background-color="#101011"/ },
  ],
  backgroundImageID: [
    { on: "row", value: IMAGE_ID, expect: new RegExp(`<mj-section[^>]* background-url="${escape(IMAGE_URL)}"`) },
    {
      on: "column",
      value: IMAGE_ID,
      expect: new RegExp(`\\.(ink-bg\\d+)\\{background-image:url\\("${escape(IMAGE_URL)}"\\)[^]*<mj-column[^>]* css-class="\\1"`),
    },
    { on: "text", value: IMAGE_ID, expect: new RegExp(`<div style="background-image:url\\(&quot;${escape(IMAGE_URL)}&quot;\\)`) },
  ],
  backgroundPosition: [
    { on: "row", value: "top center", with: { backgroundImageID: IMAGE_ID }, expect: /<mj-section[^>]* background-position="top center"/ },
    {
      on: "column",
      value: "top center",
      with: { backgroundImageID: IMAGE_ID },
      expect: /\.ink-bg\d+\{[^}]*background-position:top center/,
    },
  ],
  backgroundRepeat: [
    { on: "row", value: "repeat-x", with: { backgroundImageID: IMAGE_ID }, expect: /<mj-section[^>]* background-repeat="repeat-x"/ },
    { on: "column", value: "repeat-y", with: { backgroundImageID: IMAGE_ID }, expect: /\.ink-bg\d+\{[^}]*background-repeat:repeat-y/ },
    { on: "text", value: "round", with: { backgroundImageID: IMAGE_ID }, expect: /<div style="[^"]*background-repeat:round/ },
  ],
  backgroundSize: [
    { on: "row", value: "contain", with: { backgroundImageID: IMAGE_ID }, expect: /<mj-section[^>]* background-size="contain"/ },
    { on: "column", value: "contain", with: { backgroundImageID: IMAGE_ID }, expect: /\.ink-bg\d+\{[^}]*background-size:contain/ },
  ],
  border: [
    { on: "text", value: "2px solid #bfdcfe", expect: /<div style="[^"]*border:2px solid #bfdcfe/ },
    { on: "column", value: "1px solid #000000", expect: /<mj-column[^>]* border="1px solid #000000"/ },
  ],
  borderRadius: [{ on: "text", value: "6px", expect: /<div style="[^"]*border-radius:6px/ }],
  color: [{ on: "text", value: "#202020", expect: /<mj-text[^>]* color="#202020"/ }],
  dividerColor: [{ on: "line", value: "#abcdef", expect: /<mj-divider[^>]* border-color="#abcdef"/ }],
  fontFamily: [{ on: "text", value: "Georgia, serif", expect: /<mj-text[^>]* font-family="Georgia, serif"/ }],
  fontSize: [{ on: "text", value: "18px", expect: /<mj-text[^>]* font-size="18px"/ }],
  fontStyle: [{ on: "text", value: "italic", expect: /<mj-text[^>]* font-style="italic"/ }],
  fontWeight: [{ on: "text", value: "bold", expect: /<mj-text[^>]* font-weight="bold"/ }],
  innerPadding: [
    { on: "text", value: "3px 9px", expect: /<div style="[^"]*padding:3px 9px 3px 9px/ },
    { on: "button", value: "3px 9px", expect: /<mj-button[^>]* inner-padding="3px 9px 3px 9px"/ },
  ],
  innerPaddingBottom: [{ on: "text", value: "21px", expect: /<div style="[^"]*padding:0px 0px 21px 0px/ }],
  innerPaddingLeft: [{ on: "text", value: "22px", expect: /<div style="[^"]*padding:0px 0px 0px 22px/ }],
  innerPaddingRight: [{ on: "text", value: "23px", expect: /<div style="[^"]*padding:0px 23px 0px 0px/ }],
  innerPaddingTop: [
    { on: "text", value: "20px", expect: /<div style="[^"]*padding:20px 0px 0px 0px/ },
    { on: "button", value: "20px", expect: /<mj-button[^>]* inner-padding="20px 24px 12px 24px"/ },
  ],
  isBackgroundPaddingsExcluded: [
    {
      on: "section",
      value: true,
      with: { backgroundColor: "#00aa00", paddingTop: "30px" },
      expect: /<mj-wrapper padding="30px 0px 0px 0px"><mj-section background-color="#00aa00"/,
    },
  ],
  letterSpacing: [{ on: "text", value: "1px", expect: /<mj-text[^>]* letter-spacing="1px"/ }],
  lineHeight: [{ on: "text", value: "1.4", expect: /<mj-text[^>]* line-height="1.4"/ }],
  linkColor: [{ on: "text", value: "#ff00aa", expect: /\.(ink-lc\d+) a\{color:#ff00aa!important\}[^]*<mj-text[^>]* css-class="\1"/ }],
  padding: [{ on: "text", value: "5px", expect: /<mj-text[^>]* padding="5px 5px 5px 5px"/ }],
  paddingBottom: [
    { on: "text", value: "9px", expect: /<mj-text[^>]* padding="0px 0px 9px 0px"/ },
    { on: "button", value: "4px", expect: /<mj-button[^>]* padding="0px 0px 4px 0px"/ },
  ],
  paddingLeft: [{ on: "text", value: "10px", expect: /<mj-text[^>]* padding="0px 0px 0px 10px"/ }],
  paddingRight: [{ on: "text", value: "8px", expect: /<mj-text[^>]* padding="0px 8px 0px 0px"/ }],
  paddingTop: [
    { on: "text", value: "7px", expect: /<mj-text[^>]* padding="7px 0px 0px 0px"/ },
    { on: "section", value: "11px", expect: /<mj-wrapper[^>]* padding="11px 0px 0px 0px"/ },
  ],
  priceColor: [{ on: "product", value: "#a1b2c3", expect: /<mj-text[^>]* color="#a1b2c3"/ }],
  secondaryColor: [{ on: "product", value: "#c3b2a1", expect: /<mj-text[^>]* color="#c3b2a1"/ }],
  textBackgroundColor: [{ on: "text", value: "#ffffcc", expect: /<div style="[^"]*background-color:#ffffcc/ }],
  textDecoration: [{ on: "text", value: "underline", expect: /<mj-text[^>]* text-decoration="underline"/ }],
  verticalAlign: [
    { on: "column", value: "bottom", expect: /<mj-column[^>]* vertical-align="bottom"/ },
    { on: "button", value: "middle", expect: /<mj-button[^>]* vertical-align="middle"/ },
  ],
};

describe("style properties", () => {
  it("every published style property has a check (the list is the published document's)", () => {
    expect(PUBLISHED_STYLE_PROPERTIES.length).toBeGreaterThan(30);
    expect(Object.keys(STYLE_CHECKS).sort()).toEqual([...PUBLISHED_STYLE_PROPERTIES].sort());
  });

  it.each(PUBLISHED_STYLE_PROPERTIES)("%s reaches the MJML (and nothing else puts it there)", (property) => {
    for (const check of STYLE_CHECKS[property] ?? []) {
      const build = (styles: StyleValues) => mjmlOf(doc([ON[check.on](styles)]));
      expect(build({ ...check.with, [property]: check.value }), `${property} on ${check.on}`).toMatch(check.expect);
      expect(build({ ...check.with }), `${property} on ${check.on}, unset`).not.toMatch(check.expect);
    }
  });

  it("a button's full width, and a divider's thickness and width", () => {
    const button = mjmlOf(
      doc([oneBlock({ id: "b", type: "button", button: { text: "Go", link: "https://a.example", isFullWidth: true } })]),
    );
    expect(button).toContain('width="100%"');
    const line = mjmlOf(doc([oneBlock({ id: "l", type: "lineSpace", lineSpace: { type: "line", height: 3, width: 200 } })]));
    expect(line).toMatch(/<mj-divider[^>]*border-width="3px"[^>]*width="200px"/);
  });

  it("a column's background image is painted from the image library on the public base URL", async () => {
    const d = doc([ON.column({ backgroundImageID: IMAGE_ID, backgroundSize: "contain" })]);
    const { html } = await compileUncached(d, fullShape(d));
    expect(html).toMatch(
      new RegExp(`\\.ink-bg0\\{background-image:url\\("${escape(IMAGE_URL)}"\\);background-size:contain;background-repeat:no-repeat\\}`),
    );
    expect(html).toMatch(/<div\s+class="[^"]*\bink-bg0\b/);
  });

  it("isBackgroundPaddingsExcluded paints a section's background inside its padding, and custom fonts load", async () => {
    const d = doc([
      {
        ...oneBlock({ id: "t", type: "text", text: "x", styleProperties: { fontFamily: "Lobster, cursive" } }),
        styleProperties: { backgroundColor: "#00aa00", paddingTop: "30px", isBackgroundPaddingsExcluded: true },
        settings: {
          customFonts: [{ id: "69ca539b38e3c1f5dc035867", name: "Lobster", href: "https://fonts.googleapis.com/css?family=Lobster" }],
        },
      } as RenderSection,
    ]);
    const mjml = mjmlOf(d);
    expect(mjml).toMatch(/<mj-wrapper padding="30px 0px 0px 0px"><mj-section background-color="#00aa00"/);
    expect(mjml).toContain('<mj-font name="Lobster" href="https://fonts.googleapis.com/css?family=Lobster" />');
    const { html } = await compileUncached(d, fullShape(d));
    expect(html).toContain("https://fonts.googleapis.com/css?family=Lobster");
  });

  it("isColumnStackDisabled keeps columns side by side", () => {
    const d = doc([
      {
        id: "s",
        settings: { isColumnStackDisabled: true },
        rows: [
          {
            id: "r",
            columns: [
              { id: "a", blocks: [] },
              { id: "b", blocks: [] },
            ],
          },
        ],
      } as RenderSection,
    ]);
    expect(mjmlOf(d)).toContain("<mj-group>");
  });
});

describe("safety", () => {
  it("sanitizes text and htmlCode HTML, and ignores mj-include", async () => {
    const d = doc([
      oneBlock(
        { id: "t", type: "text", text: '<p onclick="x()">a<script>alert(1)</script></p><a href="javascript:alert(1)">l</a>' },
        { id: "s1" },
      ),
      oneBlock(
        {
          id: "h",
          type: "htmlCode",
          htmlCode: {
            style: "</style><script>alert(2)</script>",
            body: '<img src="https://a.example/i.png" onerror="alert(3)"><mj-include path="/etc/passwd" />',
          },
        },
        { id: "s2" },
      ),
    ]);
    const { html } = await renderDocument(d, data());
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|root:x:/i);
    expect(html).toContain('<img src="https://a.example/i.png" />');
  });
});

describe("gmail annotation", () => {
  it("adds the promotions JSON-LD to the head when enabled, with < escaped", async () => {
    const d = doc([oneBlock({ id: "t", type: "text", text: "x" })], {
      gmail: {
        annotation: {
          isEnabled: true,
          logoUrl: "https://cdn.example.com/logo.png",
          discountDescription: "20% off </script><b>",
          discountCode: "SAVE20",
        },
      },
    });
    const { html } = await compileUncached(d, fullShape(d));
    const script = html.match(/<script type="application\/ld\+json">([^]*?)<\/script>/)?.[1];
    expect(JSON.parse(script!)).toEqual([
      { "@context": "http://schema.org/", "@type": "Organization", logo: "https://cdn.example.com/logo.png" },
      { "@context": "http://schema.org/", "@type": "DiscountOffer", description: "20% off </script><b>", discountCode: "SAVE20" },
    ]);
    expect(html.indexOf("application/ld+json")).toBeLessThan(html.indexOf("</head>"));
    const off = doc([oneBlock({ id: "t", type: "text", text: "x" })], {
      gmail: { annotation: { isEnabled: false, discountCode: "SAVE20" } },
    });
    expect((await compileUncached(off, fullShape(off))).html).not.toContain("ld+json");
  });
});
