import { describe, expect, it } from "vitest";
import { fillHtml, fillText, Tokenizer } from "./tokens";

const ctx = { pointer: "/sections/0", inDynamicList: false };

function fill(build: (t: Tokenizer) => string, values: Record<string, string | undefined>) {
  const t = new Tokenizer();
  const out = build(t);
  const resolve = (path: string) => values[path];
  return { html: fillHtml(out, t.specs, resolve), text: fillText(out, t.specs, resolve), warnings: t.warnings };
}

describe("personalization in HTML", () => {
  it("escapes values: a first name like <script> is text", () => {
    const { html, text } = fill((t) => t.tags("<p>Hi [[contact.first_name]]</p>", ctx), { "contact.first_name": "<script>alert(1)</script>" });
    expect(html).toBe("<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(text).toBe("<p>Hi <script>alert(1)</script></p>");
  });

  it("uses the default when the recipient has no value, escaped once", () => {
    const { html } = fill((t) => t.tags("Hi [[contact.first_name | Tom &amp; Jerry]]", ctx), {});
    expect(html).toBe("Hi Tom &amp; Jerry");
  });

  it("renders an unknown tag as its default (or nothing) and warns; never raw", () => {
    const { html, warnings } = fill((t) => t.tags("A [[contact.shoe_size | big]] B [[order.id]] C", ctx), {});
    expect(html).toBe("A big B  C");
    expect(warnings.map((w) => [w.tag, w.pointer])).toEqual([["[[contact.shoe_size | big]]", "/sections/0"], ["[[order.id]]", "/sections/0"]]);
  });
});

describe("links", () => {
  it("fills a whole-link tag only with a safe URL", () => {
    const build = (t: Tokenizer) => `<a href="${t.link("[[contact.custom_properties.site]]", ctx)}">x</a>`;
    expect(fill(build, { "contact.custom_properties.site": "https://ana.example/?a=1&b=2" }).html).toBe('<a href="https://ana.example/?a=1&amp;b=2">x</a>');
    expect(fill(build, { "contact.custom_properties.site": "javascript:alert(1)" }).html).toBe('<a href="#">x</a>');
  });

  it("percent-encodes tags inside a link", () => {
    const build = (t: Tokenizer) => t.link("https://shop.example/?e=[[contact.email]]", ctx);
    expect(fill(build, { "contact.email": "a+b@x.example" }).html).toBe("https://shop.example/?e=a%2Bb%40x.example");
  });
});

describe("item tags in dynamic lists", () => {
  it("maps item.* to the list item being rendered", () => {
    const t = new Tokenizer();
    t.plain("[[item.productTitle]]", { ...ctx, inDynamicList: true, itemPrefix: "$item.list.1" });
    expect(t.specs[0].path).toBe("$item.list.1.productTitle");
  });
});

describe("wrapText", async () => {
  const { wrapText } = await import("./compile");
  it("wraps long lines at spaces and keeps long words whole", () => {
    expect(wrapText("aaa bbb ccc", 7)).toBe("aaa bbb\nccc");
    expect(wrapText("https://example.com/a/very/long/url x", 10)).toBe("https://example.com/a/very/long/url\nx");
    expect(wrapText("short\nlines", 10)).toBe("short\nlines");
  });
});
