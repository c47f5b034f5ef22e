// Pre-send checks: each rule points at its block, by id and JSON pointer.
import { beforeAll, describe, expect, it } from "vitest";
import { footerSection } from "@/lib/templates/footer-section";
import type { RecipientData } from "@/lib/templates/render/recipient-data";
import { sampleProducts } from "@/lib/templates/render/sample-data";
import type { RenderSection, RenderableTemplate } from "@/lib/templates/render/types";
import { documentChecks, imageProblem, linkProblem } from "./document-checks";
import { renderChecks } from "./render-checks";

beforeAll(() => {
  process.env.APP_URL ??= "https://inkwell.example.org";
});

type Block = RenderSection["rows"][number]["columns"][number]["blocks"][number];
let n = 0;
const id = () => (0xa00000 + ++n).toString(16).padStart(24, "0");
const section = (blocks: Block[], extra: Partial<RenderSection> = {}): RenderSection =>
  ({ id: id(), rows: [{ id: id(), columns: [{ id: id(), blocks }] }], ...extra }) as RenderSection;
let version = 0;
const checksOf = (...sections: RenderSection[]) => documentChecks({ sections } as RenderableTemplate, `v${++version}`);
const codes = (...sections: RenderSection[]) => checksOf(...sections).map((c) => c.code);
const footer = () => footerSection(id);

describe("links", () => {
  it("flags #, empty and example.com links, not real ones or tags", () => {
    expect(linkProblem("#")).toMatch(/leads nowhere/);
    expect(linkProblem(" ")).toMatch(/empty/);
    expect(linkProblem("https://example.com")).toMatch(/example\.com, a placeholder/);
    expect(linkProblem("https://www.example.org/x")).toMatch(/placeholder/);
    for (const ok of ["https://shop.acme.com", "mailto:hi@acme.com", "[[contact.custom_properties.url]]", "https://example.company.com"])
      expect(linkProblem(ok)).toBeNull();
  });

  it("points at the button, the text link, the social icon and the discount button", () => {
    const button: Block = { id: id(), type: "button", button: { text: "Shop now", link: "#" } };
    const missing: Block = { id: id(), type: "button", button: { text: "Go" } };
    const text: Block = {
      id: id(),
      type: "text",
      text: '<p>Read <a href="https://example.com/post">the post</a> or <a href="https://acme.com">ours</a></p>',
    };
    const social: Block = {
      id: id(),
      type: "social",
      social: {
        icons: [
          { type: "facebook", link: "https://facebook.com/acme" },
          { type: "x", link: "" },
        ],
      },
    };
    const discount: Block = {
      id: id(),
      type: "dynamicDiscount",
      dynamicDiscount: { code: "XXXX-XXXX-XXXX" },
      components: [
        { type: "text", role: "discount_code", text: "XXXX-XXXX-XXXX" },
        { type: "button", role: "discount_button", button: { text: "Use it" } },
      ],
    };
    const checks = checksOf(section([button, missing, text, social, discount]), footer()).filter((c) => c.code === "placeholder-link");
    const at = "/sections/0/rows/0/columns/0/blocks";
    expect(checks).toEqual([
      {
        code: "placeholder-link",
        message: "The link of the button “Shop now” is “#”, which leads nowhere.",
        pointer: `${at}/0/button/link`,
        blockId: button.id,
      },
      {
        code: "placeholder-link",
        message: "The button “Go” has no link, so it leads nowhere.",
        pointer: `${at}/1/button`,
        blockId: missing.id,
      },
      {
        code: "placeholder-link",
        message: "The link “the post” goes to example.com, a placeholder address.",
        pointer: `${at}/2/text`,
        blockId: text.id,
      },
      { code: "placeholder-link", message: "The x icon’s link is empty.", pointer: `${at}/3/social/icons/1/link`, blockId: social.id },
      {
        code: "placeholder-link",
        message: "The discount’s button has no link, so it leads nowhere.",
        pointer: `${at}/4/components/1/button`,
        blockId: discount.id,
      },
    ]);
  });
});

describe("images", () => {
  it("flags missing alt text and http images, in image blocks and in text", () => {
    const image: Block = { id: id(), type: "image", image: { source: "http://cdn.acme.com/a.png" } };
    const good: Block = { id: id(), type: "image", image: { source: "https://cdn.acme.com/a.png", altText: "Spring sale" } };
    const text: Block = { id: id(), type: "text", text: '<p><img src="https://cdn.acme.com/b.png"></p>' };
    const checks = checksOf(section([image, good, text]), footer());
    expect(checks.map((c) => [c.code, c.blockId])).toEqual([
      ["image-not-https", image.id],
      ["image-alt-missing", image.id],
      ["image-alt-missing", text.id],
    ]);
    expect(checks[0].pointer).toBe("/sections/0/rows/0/columns/0/blocks/0/image/source");
  });

  it("judges paths on this service by APP_URL", () => {
    expect(imageProblem("/image/newsletter/65a1f0c2e4b0a1b2c3d4e5f6")).toBeNull();
    expect(imageProblem("http://x.acme.com/a.png")).toMatch(/https/);
    expect(imageProblem("[[contact.custom_properties.avatar]]")).toBeNull();
  });
});

describe("personalization", () => {
  it("flags contact tags without a default once per block, not email or system tags", () => {
    const text: Block = {
      id: id(),
      type: "text",
      text: "<p>Hi [[contact.first_name]], [[contact.first_name]] [[contact.email]] [[contact.city | your city]] [[contact.custom_properties.tier]] [[brand.name]]</p>",
    };
    const checks = checksOf(section([text]), footer()).filter((c) => c.code === "fallback-missing");
    expect(checks.map((c) => c.tag)).toEqual(["[[contact.first_name]]", "[[contact.custom_properties.tier]]"]);
    expect(checks[0]).toMatchObject({ blockId: text.id, pointer: "/sections/0/rows/0/columns/0/blocks/0/text" });
    expect(checks[0].message).toMatch(/recipients without a first name see a gap/);
  });
});

describe("unsubscribe link", () => {
  it("is missing until the email has the unsubscribe tag anywhere; the footer section has it", () => {
    expect(codes(section([{ id: id(), type: "text", text: "<p>Hello</p>" }]))).toEqual(["unsubscribe-missing"]);
    expect(codes(section([{ id: id(), type: "text", text: "<p>Hello</p>" }]), footer())).toEqual([]);
    expect(codes(section([{ id: id(), type: "button", button: { text: "Leave", link: "[[message.unsubscribe_url]]" } }]))).toEqual([]);
  });
});

describe("per render", () => {
  const data = (over: Partial<RecipientData> = {}): RecipientData => ({
    contact: {},
    hidden: [],
    slots: {},
    listing: {},
    lists: {},
    order: null,
    discounts: {},
    ...over,
  });
  const product = (extra: Partial<Block> = {}): Block => ({ id: id(), type: "product", product: {}, ...extra });

  it("flags HTML over Gmail's 102 KB", () => {
    const doc = { sections: [] };
    expect(renderChecks(doc, data(), 102 * 1024)).toEqual([]);
    expect(renderChecks(doc, data(), 102 * 1024 + 1)).toEqual([
      expect.objectContaining({ code: "html-too-large", message: expect.stringMatching(/is 103 KB\. Gmail clips/) }),
    ]);
  });

  it("flags recommendation slots that would be empty, at the first empty one", () => {
    const slots = [product(), product(), product()];
    const recommender = section(slots, {
      type: "product_recommender",
      productRecommender: { type: "newest", isOutOfStockIncluded: false },
    });
    const doc = { sections: [recommender] };
    expect(renderChecks(doc, data({ slots: { [recommender.id]: sampleProducts(3) } }), 0)).toEqual([]);
    expect(renderChecks(doc, data({ slots: { [recommender.id]: sampleProducts(1) } }), 0)).toEqual([
      expect.objectContaining({
        code: "empty-products",
        blockId: slots[1].id,
        pointer: "/sections/0/rows/0/columns/0/blocks/1",
        message: expect.stringMatching(/^2 of 3 product slots in the recommendations section would be empty/),
      }),
    ]);
    expect(renderChecks(doc, data({ hidden: [recommender.id] }), 0)).toEqual([]);
    expect(renderChecks(doc, { ...data(), emptyContext: true }, 0)).toEqual([]);
  });

  it("flags picked products without a product, missing from the catalog, or without a web address", () => {
    const none = product();
    const unknown = product({ product: { productID: "gone" } });
    const noUrl = product({ product: { productID: "p1" } });
    const doc = { sections: [section([none, unknown, noUrl], { type: "products_listing" })] };
    const listing = { [noUrl.id]: { ...sampleProducts(1)[0], title: "Mug", url: "" } };
    expect(renderChecks(doc, data({ listing }), 0).map((c) => [c.code, c.blockId, c.message])).toEqual([
      ["empty-products", none.id, "No product is picked for this product block, so it is left out of the email."],
      ["empty-products", unknown.id, "The product “gone” is not in your catalog, so this block is left out of the email."],
      ["placeholder-link", noUrl.id, "The product “Mug” has no web address in your catalog, so its button would lead nowhere."],
    ]);
  });
});
