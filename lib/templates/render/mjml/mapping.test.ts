// Every section type and block type maps to MJML that renders; general settings and presets apply.
import { describe, expect, it } from "vitest";
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

const doc = (sections: RenderSection[], generalSettings: RenderableTemplate["generalSettings"] = {}): RenderableTemplate => ({ sections, generalSettings });
const oneBlock = (block: RenderSection["rows"][number]["columns"][number]["blocks"][number], section: Partial<RenderSection> = {}): RenderSection =>
  ({ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [block] }] }], ...section }) as RenderSection;
const mjmlOf = (d: RenderableTemplate) => templateToMjml(d, fullShape(d), new Tokenizer());

describe("every section and block type", () => {
  it("renders the fixture without MJML errors, with every block's content", async () => {
    const { html, text, warnings } = await renderDocument(everyBlockTemplate(), data());
    // No tag or layout warnings (pre-send checks, e.g. the fixture's example.com links, are tested in lib/templates/checks).
    expect(warnings.filter((w) => !isCheck(w))).toEqual([]);
    const expected = [
      "View in browser", // preheader
      'src="https://cdn.example.com/logo.png"', // logo
      ">Shop</a>", ">Sale</a>", // menu
      "Hello Ana!", // text with a tag
      'src="https://cdn.example.com/hero.png"', 'href="https://shop.example.com/hero"', // image
      "Shop now", "https://shop.example.com/?email=ana%40example.com", // button
      'href="https://video.example.com/v/1"', 'src="https://cdn.example.com/thumb.png"', // video
      "border-top:solid 1px #cccccc", // line
      "height:24px", // spacer
      '<p class="promo">Custom HTML</p>', ".promo{color:#c00}", // htmlCode body and style
      'href="https://facebook.com/shop"', 'href="https://tiktok.com/@shop"', // social, straight links
      "WELCOME10", "STATIC5", "VIP-CODE1234", "15% off", "Valid for 7 days", // discounts
      "Listed product", // products_listing
      "Sample product 2", // recommender's second slot
      "Order <strong>#1001</strong>", "$88.16", "1 Main Street", // order blocks
      "Item: Sample product 1 × 1", "Item: Sample product 2 × 2", // dynamic list
      "Footer", // universal layout (resolved rows)
      "Sent with", // badge
    ];
    for (const piece of expected) expect(html, piece).toContain(piece);
    expect(text).toContain("Hello Ana!");
    expect(text).toContain("WELCOME10");
    expect(html).not.toMatch(/ink[0-9a-f]{8}t\d+x/i);
  });

  it("leaves empty product slots and an empty list out", async () => {
    const { html } = await renderDocument(everyBlockTemplate(), data({ slots: { [ID.recommender]: sampleProducts(1), [ID.cart]: [], [ID.restock]: [] }, lists: { [ID.list]: [] }, order: null }));
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
    const mjml = mjmlOf(doc([oneBlock({ id: "t", type: "text", stylePresetID: "heading_large", text: "T", styleProperties: { color: "#ff0000" } })]));
    expect(mjml).toMatch(/<mj-text[^>]*font-size="32px"/);
    expect(mjml).toMatch(/<mj-text[^>]*font-weight="bold"/);
    expect(mjml).toMatch(/<mj-text[^>]*color="#ff0000"/);
  });

  it("a button uses primary_button by default, and a template's own presets", () => {
    expect(mjmlOf(doc([oneBlock({ id: "b", type: "button", button: { text: "Go", link: "https://a.example" } })]))).toMatch(/<mj-button[^>]*background-color="#1a73e8"/);
    const custom = { id: "primary_button", name: "P", styles: { backgroundColor: "#000000", color: "#ffffff" } };
    const withPresets = doc([oneBlock({ id: "b", type: "button", button: { text: "Go", link: "https://a.example" } })], {
      buttonPresets: [custom, { ...custom, id: "secondary_button" }, { ...custom, id: "tertiary_button" }],
    });
    expect(mjmlOf(withPresets)).toMatch(/<mj-button[^>]*background-color="#000000"/);
  });
});

describe("layout", () => {
  it("columns become mj-columns with their widths (stacked below the 480px breakpoint)", () => {
    const d = doc([{ id: "s", rows: [{ id: "r", columns: [{ id: "a", width: "50%", blocks: [] }, { id: "b", width: "50%", blocks: [] }] }] } as RenderSection]);
    const mjml = mjmlOf(d);
    expect(mjml.match(/<mj-column width="50%"/g)).toHaveLength(2);
    expect(mjml).toContain('<mj-breakpoint width="480px" />');
  });

  it("visibility settings hide sections and blocks on desktop or mobile", async () => {
    const d = doc([
      oneBlock({ id: "t", type: "text", text: "mobile only", visibility: { isDesktopVisible: false } }, { id: "s1" }),
      { ...oneBlock({ id: "t2", type: "text", text: "desktop only" }, { id: "s2" }), visibility: { isMobileVisible: false } } as RenderSection,
    ]);
    const { html } = await compileUncached(d, fullShape(d));
    expect(html).toMatch(/class="ink-hide-desktop"/);
    expect(html).toMatch(/class="ink-hide-mobile"/);
    expect(html).toMatch(/@media only screen and \(min-width:480px\)\{\.ink-hide-desktop/);
    expect(html).toMatch(/@media only screen and \(max-width:479px\)\{\.ink-hide-mobile/);
  });

  it("a section filter hides the section for recipients who do not match it", async () => {
    const gold = { operator: "and", rules: [{ operator: "equals", property: { id: "tier", isSystem: false, name: "Tier", type: "string" }, value: "gold" }] };
    const d = doc([{ ...oneBlock({ id: "t", type: "text", text: "gold only" }), settings: { filter: gold } } as RenderSection]);
    const { hiddenNodes, filterMatches } = await import("../conditions");
    expect(hiddenNodes(d.sections, { customProperties: { tier: "gold" } })).toEqual([]);
    expect(hiddenNodes(d.sections, { customProperties: { tier: "silver" } })).toEqual(["s"]);
    expect(filterMatches({ operator: "or", rules: [gold.rules[0], { operator: "exists", property: { id: "first_name", isSystem: true } }] }, { firstName: "Ana" })).toBe(true);
    expect(filterMatches({ rules: [{ operator: "greaterThan", property: { id: "age" }, value: "30" }] }, { customProperties: { age: 41 } })).toBe(true);
    const { html } = await renderDocument(d, data({ hidden: ["s"] }));
    expect(html).not.toContain("gold only");
  });
});

describe("style properties", () => {
  it("every published style property reaches the MJML", () => {
    const style = {
      alignment: "right", backgroundColor: "#101010", border: "2px solid #bfdcfe", borderRadius: "6px", color: "#202020", fontFamily: "Georgia, serif",
      fontSize: "18px", fontStyle: "italic", fontWeight: "bold", letterSpacing: "1px", lineHeight: "1.4", textDecoration: "underline",
      padding: "5px", paddingTop: "7px", innerPadding: "3px 9px", linkColor: "#ff00aa", textBackgroundColor: "#ffffcc",
    } as const;
    const text = mjmlOf(doc([oneBlock({ id: "t", type: "text", text: '<p>a <a href="https://x.example">l</a></p>', styleProperties: style })]));
    for (const attr of ['align="right"', 'container-background-color="#101010"', 'color="#202020"', 'font-family="Georgia, serif"', 'font-size="18px"', 'font-style="italic"',
      'font-weight="bold"', 'letter-spacing="1px"', 'line-height="1.4"', 'text-decoration="underline"', 'padding="7px 5px 5px 5px"']) expect(text).toContain(attr);
    expect(text).toMatch(/background-color:#ffffcc;border:2px solid #bfdcfe;border-radius:6px;padding:3px 9px 3px 9px/);
    expect(text).toMatch(/\.ink-lc0 a\{color:#ff00aa!important\}/);
    const button = mjmlOf(doc([oneBlock({ id: "b", type: "button", button: { text: "Go", link: "https://a.example", isFullWidth: true }, styleProperties: { innerPaddingTop: "20px", verticalAlign: "middle", paddingBottom: "4px" } })]));
    expect(button).toMatch(/<mj-button[^>]*inner-padding="20px 24px 12px 24px"/);
    expect(button).toMatch(/<mj-button[^>]*vertical-align="middle"/);
    expect(button).toMatch(/<mj-button[^>]* padding="0px 0px 4px 0px"/);
    expect(button).toContain('width="100%"');
    const column = mjmlOf(doc([{ id: "s", rows: [{ id: "r", styleProperties: { backgroundImageID: "68f0af8f72105230579523cf", backgroundSize: "contain", backgroundPosition: "top center" }, columns: [{ id: "c", styleProperties: { verticalAlign: "bottom", border: "1px solid #000000" }, blocks: [] }] }] } as RenderSection]));
    expect(column).toMatch(/<mj-section[^>]*background-url="[^"]*\/image\/newsletter\/68f0af8f72105230579523cf"[^>]*background-size="contain"[^>]*background-position="top center"/);
    expect(column).toMatch(/<mj-column[^>]*border="1px solid #000000"[^>]*vertical-align="bottom"/);
    const line = mjmlOf(doc([oneBlock({ id: "l", type: "lineSpace", lineSpace: { type: "line", height: 3, width: 200 }, styleProperties: { dividerColor: "#abcdef" } })]));
    expect(line).toMatch(/<mj-divider[^>]*border-color="#abcdef"[^>]*border-width="3px"[^>]*width="200px"/);
  });

  it("isBackgroundPaddingsExcluded paints a section's background inside its padding, and custom fonts load", async () => {
    const d = doc([{ ...oneBlock({ id: "t", type: "text", text: "x", styleProperties: { fontFamily: "Lobster, cursive" } }),
      styleProperties: { backgroundColor: "#00aa00", paddingTop: "30px", isBackgroundPaddingsExcluded: true },
      settings: { customFonts: [{ id: "69ca539b38e3c1f5dc035867", name: "Lobster", href: "https://fonts.googleapis.com/css?family=Lobster" }] } } as RenderSection]);
    const mjml = mjmlOf(d);
    expect(mjml).toMatch(/<mj-wrapper padding="30px 0px 0px 0px"><mj-section background-color="#00aa00"/);
    expect(mjml).toContain('<mj-font name="Lobster" href="https://fonts.googleapis.com/css?family=Lobster" />');
    const { html } = await compileUncached(d, fullShape(d));
    expect(html).toContain("https://fonts.googleapis.com/css?family=Lobster");
  });

  it("isColumnStackDisabled keeps columns side by side", () => {
    const d = doc([{ id: "s", settings: { isColumnStackDisabled: true }, rows: [{ id: "r", columns: [{ id: "a", blocks: [] }, { id: "b", blocks: [] }] }] } as RenderSection]);
    expect(mjmlOf(d)).toContain("<mj-group>");
  });
});

describe("safety", () => {
  it("sanitizes text and htmlCode HTML, and ignores mj-include", async () => {
    const d = doc([
      oneBlock({ id: "t", type: "text", text: '<p onclick="x()">a<script>alert(1)</script></p><a href="javascript:alert(1)">l</a>' }, { id: "s1" }),
      oneBlock({ id: "h", type: "htmlCode", htmlCode: { style: "</style><script>alert(2)</script>", body: '<img src="https://a.example/i.png" onerror="alert(3)"><mj-include path="/etc/passwd" />' } }, { id: "s2" }),
    ]);
    const { html } = await renderDocument(d, data());
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|root:x:/i);
    expect(html).toContain('<img src="https://a.example/i.png" />');
  });
});

describe("gmail annotation", () => {
  it("adds the promotions JSON-LD to the head when enabled, with < escaped", async () => {
    const d = doc([oneBlock({ id: "t", type: "text", text: "x" })], {
      gmail: { annotation: { isEnabled: true, logoUrl: "https://cdn.example.com/logo.png", discountDescription: "20% off </script><b>", discountCode: "SAVE20" } },
    });
    const { html } = await compileUncached(d, fullShape(d));
    const script = html.match(/<script type="application\/ld\+json">([^]*?)<\/script>/)?.[1];
    expect(JSON.parse(script!)).toEqual([
      { "@context": "http://schema.org/", "@type": "Organization", logo: "https://cdn.example.com/logo.png" },
      { "@context": "http://schema.org/", "@type": "DiscountOffer", description: "20% off </script><b>", discountCode: "SAVE20" },
    ]);
    expect(html.indexOf("application/ld+json")).toBeLessThan(html.indexOf("</head>"));
    const off = doc([oneBlock({ id: "t", type: "text", text: "x" })], { gmail: { annotation: { isEnabled: false, discountCode: "SAVE20" } } });
    expect((await compileUncached(off, fullShape(off))).html).not.toContain("ld+json");
  });
});
