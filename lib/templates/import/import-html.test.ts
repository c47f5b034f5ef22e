// HTML import into editable blocks: layout tables and divs → sections, rows, columns; text, images,
// buttons and lines → their blocks; what cannot be mapped is kept whole as HTML, never dropped.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Block, Section } from "@/lib/templates/schema";
import { TemplateInput } from "@/lib/templates/schema/template";
import { documentFromHtml } from "../import-template";

const fixture = fs.readFileSync(path.join(import.meta.dirname, "../../../e2e/fixtures/two-column-newsletter.html"), "utf8");
const blocksOf = (sections: Section[]): Block[] => sections.flatMap((s) => s.rows.flatMap((r) => r.columns.flatMap((c) => c.blocks)));
const convert = (html: string) => documentFromHtml("Imported", html);
const only = (html: string) => blocksOf(convert(html).document.sections);

describe("a two-column newsletter", () => {
  const { document, summary } = convert(fixture);
  const [styles, preview, header, body, footer] = document.sections;

  it("is a valid template document", () => {
    expect(TemplateInput.safeParse(document).error?.issues ?? []).toEqual([]);
  });

  it("keeps the head's styles in the style block, and the page and content column in the general settings", () => {
    expect(styles.rows[0].columns[0].blocks).toEqual([
      expect.objectContaining({
        type: "htmlCode",
        htmlCode: { style: expect.stringContaining(".headline { font-family: Georgia"), body: "" },
      }),
    ]);
    expect(document.generalSettings).toEqual({
      body: { backgroundColor: "#eeeeee" },
      content: { backgroundColor: "#ffffff", width: "600px" },
    });
  });

  it("keeps the hidden preview line whole as HTML and says why", () => {
    expect(blocksOf([preview])).toEqual([
      expect.objectContaining({ type: "htmlCode", htmlCode: { style: "", body: expect.stringContaining("This week: new arrivals") } }),
    ]);
    expect(summary.keptAsHtml).toEqual([
      {
        pointer: "/sections/1/rows/0/columns/0/blocks/0",
        blockId: blocksOf([preview])[0].id,
        reason: "hidden text (often an inbox preview line)",
      },
    ]);
  });

  it("makes bands on their own background sections: the header with its logo and heading", () => {
    expect(header.styleProperties).toEqual({ backgroundColor: "#1a73e8" });
    expect(blocksOf([header]).map((b) => b.type)).toEqual(["image", "text"]);
    expect(blocksOf([header])[0]).toMatchObject({
      image: { source: "https://cdn.acme.test/logo.png", altText: "Acme", resizeWidth: 120 },
      styleProperties: { alignment: "center" },
    });
    expect(blocksOf([header])[1]).toMatchObject({
      text: expect.stringContaining("The Acme weekly"),
      styleProperties: { color: "#ffffff", alignment: "center" },
    });
    expect(footer.styleProperties).toEqual({ backgroundColor: "#f4f4f8" });
  });

  it("makes the two-column row two columns of image, text and button", () => {
    const [intro, columns, rule] = body.rows;
    expect(intro.columns[0].blocks).toEqual([
      expect.objectContaining({ type: "text", text: expect.stringContaining("Hello [[contact.first_name | friend]],") }),
    ]);
    // the stylesheet reached the blocks: the class .headline became inline style
    expect(intro.columns[0].blocks[0].text).toContain('style="font-family: Georgia, serif; font-size: 28px;');
    expect(columns.columns.map((c) => [c.width, c.blocks.map((b) => b.type)])).toEqual([
      ["300px", ["image", "text", "button"]],
      ["300px", ["image", "text", "button"]],
    ]);
    const [left, right] = columns.columns;
    expect(left.blocks[2]).toMatchObject({
      button: { text: "Read more", link: "https://acme.test/picnic" },
      styleProperties: { backgroundColor: "#1a73e8", color: "#ffffff", borderRadius: "4px" },
    });
    // the "bulletproof" button: a cell painted as the button around a link
    expect(right.blocks[2]).toMatchObject({
      button: { text: "Start growing", link: "https://acme.test/garden" },
      styleProperties: { backgroundColor: "#0f9d58", borderRadius: "4px" },
    });
    expect(right.blocks[1].text).toContain("Start a windowsill garden in a weekend, [[contact.first_name]].");
    expect(rule.columns[0].blocks[0]).toMatchObject({
      type: "lineSpace",
      lineSpace: { type: "line", height: 1 },
      styleProperties: { dividerColor: "#dddddd" },
    });
  });

  it("turns the other tools' merge tags into ours and lists the unknown ones", () => {
    const footerText = blocksOf([footer])[0].text!;
    expect(footerText).toContain("[[brand.name]] · [[brand.postal_address]]");
    expect(footerText).toContain(
      '<a href="[[message.preferences_url]]">Preferences</a> · <a href="[[message.unsubscribe_url]]">Unsubscribe</a> · <a href="[[message.view_in_browser_url]]">View online</a>',
    );
    expect(summary.mergeTags.converted.map((t) => [t.from, t.to])).toContainEqual(["*|UNSUB|*", "[[message.unsubscribe_url]]"]);
    expect(summary.mergeTags.unknown).toEqual([{ tag: "%MEMBER_CODE%", count: 1 }]);
    expect(footerText).toContain("%MEMBER_CODE%");
  });

  it("counts what it made", () => {
    expect(summary).toMatchObject({ sections: 5, blocks: { htmlCode: 2, image: 3, text: 5, button: 2, lineSpace: 1 }, stylesKept: true });
  });

  it("drops no text of the original", () => {
    const words = fixture
      .replace(/<style[^]*?<\/style>/g, "")
      .replace(/<[^>]+>/g, " ")
      .split(/\s+/)
      .filter((w) => /^[A-Za-z]{4,}$/.test(w));
    const out = JSON.stringify(document);
    expect(words.filter((w) => !out.includes(w))).toEqual([]);
  });
});

describe("elements", () => {
  it("p, headings and lists are text (one block per container), img an image with its link, hr a line", () => {
    const blocks = only(
      '<body><h2>Title</h2><p>One</p><ul><li>a</li><li>b</li></ul><a href="https://acme.test/x"><img src="https://cdn.acme.test/i.png" alt="Pic"></a><hr><ol><li>c</li></ol></body>',
    );
    expect(blocks.map((b) => b.type)).toEqual(["text", "image", "lineSpace", "text"]);
    expect(blocks[0].text).toBe("<h2>Title</h2><p>One</p><ul><li>a</li><li>b</li></ul>");
    expect(blocks[1].image).toEqual({ source: "https://cdn.acme.test/i.png", altText: "Pic", link: "https://acme.test/x" });
  });

  it("loose text and inline elements become a paragraph", () => {
    expect(only("<body><div>Hello <b>there</b> &amp; welcome</div></body>")[0].text).toBe("<p>Hello <b>there</b> &amp; welcome</p>");
  });

  it("fluid columns (inline-block divs) are columns", () => {
    const { document } = convert(
      '<body><div><div style="display:inline-block;width:50%"><p>Left</p></div><div style="display:inline-block;width:50%"><p>Right</p></div></div></body>',
    );
    expect(document.sections[0].rows[0].columns.map((c) => c.blocks[0].text)).toEqual(["<p>Left</p>", "<p>Right</p>"]);
  });

  it("keeps whole what cannot be mapped: forms, data tables, columns inside a column, images without an address on the web", () => {
    const html =
      '<body><form action="https://acme.test"><input name="q"></form><table><tr><th>Size</th><th>Price</th></tr><tr><td>S</td><td>$1</td></tr></table>' +
      '<table><tr><td><p>A</p><table><tr><td>In 1</td><td>In 2</td></tr></table></td><td><p>B</p></td></tr></table><img src="images/local.png" alt="x"></body>';
    const { document, summary } = convert(html);
    expect(summary.keptAsHtml.map((k) => k.reason)).toEqual([
      "a <form> element",
      "a data table",
      "columns inside a column",
      "an image with a relative or embedded address",
    ]);
    const kept = blocksOf(document.sections)
      .filter((b) => b.type === "htmlCode")
      .map((b) => b.htmlCode!.body);
    expect(kept).toEqual([
      '<form action="https://acme.test"><input name="q"></form>',
      expect.stringMatching(/^<table><tbody><tr><th>Size<\/th>.*\$1<\/td><\/tr><\/tbody><\/table>$/),
      "<table><tbody><tr><td>In 1</td><td>In 2</td></tr></tbody></table>",
      '<img src="images/local.png" alt="x">',
    ]);
    // the outer two columns are still columns, with the editable text beside the kept table
    const row = document.sections[0].rows.find((r) => r.columns.length === 2)!;
    expect(row.columns.map((c) => c.blocks.map((b) => b.type))).toEqual([["text", "htmlCode"], ["text"]]);
  });

  it("HTML without a <body> tag is used as is", () => {
    expect(only("<p>Just a paragraph</p>")).toEqual([expect.objectContaining({ type: "text", text: "<p>Just a paragraph</p>" })]);
  });

  it("refuses style values the schema would refuse (they are left out, the block stays)", () => {
    const blocks = only('<body><td style="color: var(--x); font-size: 300px; text-align: middle"><p>Text</p></td></body>');
    expect(blocks).toEqual([{ id: expect.any(String), type: "text", text: "<p>Text</p>" }]);
  });
});
