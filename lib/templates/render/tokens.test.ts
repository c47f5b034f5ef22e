import { describe, expect, it } from "vitest";
import { fillHtml, fillHtmlSplit, fillText, splitTokens, Tokenizer } from "./tokens";

const ctx = { pointer: "/sections/0", inDynamicList: false };

function fill(build: (t: Tokenizer) => string, values: Record<string, string | undefined>) {
  const t = new Tokenizer();
  const out = build(t);
  const resolve = (path: string) => values[path];
  return { html: fillHtml(out, t.specs, resolve), text: fillText(out, t.specs, resolve), warnings: t.warnings };
}

describe("personalization in HTML", () => {
  it("escapes values: a first name like <script> is text", () => {
    const { html, text } = fill((t) => t.tags("<p>Hi [[contact.first_name]]</p>", ctx), {
      "contact.first_name": "<script>alert(1)</script>",
    });
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
    expect(warnings.map((w) => [w.tag, w.pointer])).toEqual([
      ["[[contact.shoe_size | big]]", "/sections/0"],
      ["[[order.id]]", "/sections/0"],
    ]);
  });
});

describe("links", () => {
  it("fills a whole-link tag only with a safe URL", () => {
    const build = (t: Tokenizer) => `<a href="${t.link("[[contact.custom_properties.site]]", ctx)}">x</a>`;
    expect(fill(build, { "contact.custom_properties.site": "https://ana.example/?a=1&b=2" }).html).toBe(
      '<a href="https://ana.example/?a=1&amp;b=2">x</a>',
    );
    expect(fill(build, { "contact.custom_properties.site": "javascript:alert(1)" }).html).toBe('<a href="#">x</a>');
  });

  it("percent-encodes tags inside a link", () => {
    const build = (t: Tokenizer) => t.link("https://shop.example/?e=[[contact.email]]", ctx);
    expect(fill(build, { "contact.email": "a+b@x.example" }).html).toBe("https://shop.example/?e=a%2Bb%40x.example");
  });
});

describe("filling a split once per recipient", () => {
  it("counts the filled HTML's UTF-8 bytes as Buffer.byteLength does, multi-byte values and surrogates across seams included", () => {
    const t = new Tokenizer();
    const html = `\udc00<p>${t.tags("[[contact.first_name]]", ctx)}\udc00${t.tags("[[contact.last_name]][[contact.first_name]]", ctx)}é 💌</p>\ud800`;
    const values = ["", "Zoë", "💌", "\ud800", "x\udc00", "<&>"];
    for (const first of values) {
      for (const last of values) {
        const resolve = (path: string) => ({ "contact.first_name": first, "contact.last_name": last })[path];
        const filled = fillHtmlSplit(splitTokens(html), t.specs, resolve);
        expect(filled.bytes).toBe(Buffer.byteLength(filled.html, "utf8"));
        expect(filled.html).toBe(fillHtml(html, t.specs, resolve));
      }
    }
  });

  it("fills every occurrence of a token, first to last", () => {
    const t = new Tokenizer();
    const html = t.tags("[[contact.first_name]] and [[contact.first_name]], [[contact.email]]", ctx);
    const filled = fillHtmlSplit(splitTokens(html), t.specs, (path) => ({ "contact.first_name": "A&B", "contact.email": "a@x" })[path]);
    expect(filled.html).toBe("A&amp;B and A&amp;B, a@x");
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
