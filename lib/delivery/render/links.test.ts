import { describe, expect, it } from "vitest";
import { rewriteHtmlLinks, rewriteTextLinks, withOpenPixel, withUtm, type LinkPolicy } from "./links";

const utm = { source: "inkwell", medium: "email", campaign: "spring sale" };
const system = (url: string) => url.startsWith("https://ink.test/email/");

describe("withUtm", () => {
  it("appends the parameters before a fragment, after an existing query", () => {
    expect(withUtm("https://shop.test/a", utm)).toBe("https://shop.test/a?utm_source=inkwell&utm_medium=email&utm_campaign=spring%20sale");
    expect(withUtm("https://shop.test/a?x=1#top", utm)).toBe(
      "https://shop.test/a?x=1&utm_source=inkwell&utm_medium=email&utm_campaign=spring%20sale#top",
    );
    expect(withUtm("https://shop.test/a?", { source: "s" })).toBe("https://shop.test/a?utm_source=s");
  });

  it("leaves links with UTM parameters of their own, non-web links and empty settings alone", () => {
    expect(withUtm("https://shop.test/a?utm_source=mine", utm)).toBe("https://shop.test/a?utm_source=mine");
    expect(withUtm("mailto:help@shop.test", utm)).toBe("mailto:help@shop.test");
    expect(withUtm("https://shop.test/a", {})).toBe("https://shop.test/a");
    expect(withUtm("https://shop.test/a", null)).toBe("https://shop.test/a");
  });
});

describe("rewriteHtmlLinks", () => {
  const policy: LinkPolicy = { utm, track: (url) => `https://ink.test/c?u=${encodeURIComponent(url)}`, isSystemLink: system };

  it("tracks and tags web links, decoding and encoding the attribute's entities", () => {
    const html = `<a href="https://shop.test/p?a=1&amp;b=2">P</a><v:roundrect href='https://shop.test/b'></v:roundrect>`;
    const out = rewriteHtmlLinks(html, policy);
    const hrefs = [...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
    expect(hrefs.map((h) => new URL(h).searchParams.get("u"))).toEqual([
      "https://shop.test/p?a=1&b=2&utm_source=inkwell&utm_medium=email&utm_campaign=spring%20sale",
      "https://shop.test/b?utm_source=inkwell&utm_medium=email&utm_campaign=spring%20sale",
    ]);
    expect(out).not.toMatch(/href="[^"]*&(?!amp;)/);
  });

  it("leaves Inkwell's own links, mailto and anchors unchanged", () => {
    const html = `<a href="https://ink.test/email/unsubscribe/tok">U</a><a href="mailto:a@b.test">M</a><a href="#top">T</a>`;
    expect(rewriteHtmlLinks(html, policy)).toBe(html);
  });

  it("changes nothing without UTM and tracking", () => {
    const html = `<a href="https://shop.test/">x</a>`;
    expect(rewriteHtmlLinks(html, { utm: null, track: null, isSystemLink: system })).toBe(html);
  });
});

describe("rewriteTextLinks", () => {
  it("rewrites the text part's <url> links, not the system ones", () => {
    const text = "Shop <https://shop.test/x>\nUnsubscribe <https://ink.test/email/unsubscribe/t>";
    expect(rewriteTextLinks(text, { utm: { source: "s" }, track: null, isSystemLink: system })).toBe(
      "Shop <https://shop.test/x?utm_source=s>\nUnsubscribe <https://ink.test/email/unsubscribe/t>",
    );
  });
});

describe("withOpenPixel", () => {
  it("puts the pixel before </body>, or at the end", () => {
    expect(withOpenPixel("<html><body><p>x</p></body></html>", "https://ink.test/o/t")).toMatch(
      /<p>x<\/p><img src="https:\/\/ink\.test\/o\/t" width="1" height="1" alt=""[^>]*\/><\/body><\/html>$/,
    );
    expect(withOpenPixel("<p>x</p>", "https://ink.test/o/t")).toMatch(/^<p>x<\/p><img /);
    // the last </body> in any case
    expect(withOpenPixel("<body></body><BODY></BODY>!", "https://ink.test/o/t")).toMatch(/^<body><\/body><BODY><img [^>]*\/><\/BODY>!$/);
    expect(withOpenPixel("<BODY></Body><body></body>!", "https://ink.test/o/t")).toMatch(/^<BODY><\/Body><body><img [^>]*\/><\/body>!$/);
    expect(withOpenPixel("<BODY></Body>!", "https://ink.test/o/t")).toMatch(/^<BODY><img [^>]*\/><\/Body>!$/);
  });
});
