// Pre-send checks over HTTP: the render's warnings (its published string map carries them JSON-encoded)
// name each problem's block by id and JSON pointer, in the published response shape.
import { beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, json, type TestBrand } from "./helpers";
import { createTemplate, hexIds, render } from "./render-helpers";

let brand: TestBrand;
const H = (name: string) => hexIds({ id: name }).id;
const block = (b: Record<string, unknown>) => b;
const doc = (...blocks: Record<string, unknown>[]) => ({ sections: [{ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks }] }] }] });
const checks = (warnings: any[], code: string) => warnings.filter((w) => w.code === code);

beforeAll(async () => {
  brand = await createTestBrand();
});

describe("render warnings carry the pre-send checks", () => {
  it("a # link, an empty button, an example.com link: at their blocks", async () => {
    const { id } = await createTemplate(
      brand.key,
      doc(
        block({ id: "hash", type: "button", button: { text: "Buy", link: "#" } }),
        block({ id: "none", type: "button", button: { text: "Go" } }),
        block({ id: "text", type: "text", text: '<p><a href="https://example.com">Read more</a></p>' }),
        block({ id: "fine", type: "button", button: { text: "Shop", link: "https://acme.test/shop" } }),
      ),
    );
    const { res, body } = await render(brand.key, id);
    expect(res.status).toBe(200);
    expect(checks(body.warnings, "placeholder-link")).toEqual([
      {
        code: "placeholder-link",
        message: "The link of the button “Buy” is “#”, which leads nowhere.",
        pointer: "/sections/0/rows/0/columns/0/blocks/0/button/link",
        blockId: H("hash"),
      },
      {
        code: "placeholder-link",
        message: "The button “Go” has no link, so it leads nowhere.",
        pointer: "/sections/0/rows/0/columns/0/blocks/1/button",
        blockId: H("none"),
      },
      {
        code: "placeholder-link",
        message: "The link “Read more” goes to example.com, a placeholder address.",
        pointer: "/sections/0/rows/0/columns/0/blocks/2/text",
        blockId: H("text"),
      },
    ]);
  });

  it("images without alt text or over http, tags without a default, no unsubscribe link", async () => {
    const { id } = await createTemplate(
      brand.key,
      doc(
        block({ id: "img", type: "image", image: { source: "http://cdn.acme.test/a.png" } }),
        block({ id: "hi", type: "text", text: "<p>Hi [[contact.first_name]]</p>" }),
      ),
    );
    const { body } = await render(brand.key, id);
    expect(body.warnings.map((w: any) => [w.code, w.blockId ?? null])).toEqual([
      ["image-not-https", H("img")],
      ["image-alt-missing", H("img")],
      ["fallback-missing", H("hi")],
      ["unsubscribe-missing", null],
    ]);
  });

  it("recommendation slots the catalog cannot fill", async () => {
    const product = (id: string) => ({ id, type: "product", product: {}, components: [{ type: "text", role: "product_title" }] });
    const { id } = await createTemplate(brand.key, {
      sections: [
        {
          id: "rec",
          type: "product_recommender",
          productRecommender: { type: "newest", isOutOfStockIncluded: false },
          rows: [
            {
              id: "r",
              columns: [
                { id: "c1", blocks: [product("p1")] },
                { id: "c2", blocks: [product("p2")] },
              ],
            },
          ],
        },
      ],
    });
    const { body } = await render(brand.key, id);
    expect(checks(body.warnings, "empty-products")).toEqual([
      expect.objectContaining({
        blockId: H("p1"),
        pointer: "/sections/0/rows/0/columns/0/blocks/0",
        message: expect.stringMatching(/^2 of 2 product slots in the recommendations section would be empty/),
      }),
    ]);
  });

  it("an email over 102 KB", async () => {
    const { id } = await createTemplate(
      brand.key,
      doc(block({ id: "big", type: "text", text: `<p>${"Lorem ipsum dolor sit amet. ".repeat(4000)}</p>` })),
    );
    const { body } = await render(brand.key, id);
    expect(checks(body.warnings, "html-too-large")).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^The email is 1\d\d KB\. Gmail clips/) }),
    ]);
  });

  it("the footer section's tags satisfy the unsubscribe check; the email-content render reports checks too", async () => {
    const { id } = await createTemplate(
      brand.key,
      doc(block({ id: "f", type: "text", text: '<p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>' })),
    );
    expect((await render(brand.key, id)).body.warnings).toEqual([]);
    const content = await api(`/api/email-content/${id}/render`, { key: brand.key, method: "POST" });
    expect(JSON.parse((await json(content)).warnings)).toEqual([]);
    const { id: bare } = await createTemplate(brand.key, doc(block({ id: "t", type: "text", text: "<p>Hello</p>" })));
    const bareContent = await json(await api(`/api/email-content/${bare}/render`, { key: brand.key, method: "POST" }));
    expect(JSON.parse(bareContent.warnings).map((w: any) => w.code)).toEqual(["unsubscribe-missing"]);
  });
});
