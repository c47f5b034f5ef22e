import { describe, expect, it } from "vitest";
import { sanitizeEmailCss, sanitizeEmailHtml } from "./sanitize";

describe("sanitizeEmailHtml", () => {
  it("drops scripts with their content, and event handlers", () => {
    expect(sanitizeEmailHtml('<p onclick="steal()" onmouseover="x()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
  });

  it("drops javascript:, vbscript: and data: links, also obfuscated", () => {
    expect(sanitizeEmailHtml('<a href="javascript:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeEmailHtml('<a href="jav&#x09;ascript:alert(1)">a</a>')).toBe("<a>a</a>");
    expect(sanitizeEmailHtml('<a href="vbscript:x">a</a>')).toBe("<a>a</a>");
    expect(sanitizeEmailHtml('<img src="data:image/png;base64,AAAA" alt="x">')).toBe('<img alt="x" />');
  });

  it("removes elements mail clients should never get", () => {
    expect(sanitizeEmailHtml('<iframe src="https://x"></iframe><object></object><form><input></form><style>p{}</style><p>ok</p>')).toBe(
      "<p>ok</p>",
    );
  });

  it("keeps email markup: tables, inline styles, links, images", () => {
    const html =
      '<table width="100%" cellpadding="0" role="presentation"><tr><td align="center" style="color:#333333; padding:8px"><a href="https://a.example" target="_blank">A</a><img src="https://a.example/i.png" alt="i" width="50"></td></tr></table>';
    expect(sanitizeEmailHtml(html)).toBe(
      '<table width="100%" cellpadding="0" role="presentation"><tr><td align="center" style="color:#333333;padding:8px"><a href="https://a.example" target="_blank">A</a><img src="https://a.example/i.png" alt="i" width="50" /></td></tr></table>',
    );
  });

  it("removes unsafe CSS declarations and keeps the rest", () => {
    expect(sanitizeEmailHtml('<p style="color:red; width:expression(alert(1)); background:url(javascript:x)">a</p>')).toBe(
      '<p style="color:red">a</p>',
    );
  });

  it("keeps personalization tags in text and links", () => {
    expect(sanitizeEmailHtml('<a href="[[contact.custom_properties.url]]">[[contact.first_name | there]]</a>')).toBe(
      '<a href="[[contact.custom_properties.url]]">[[contact.first_name | there]]</a>',
    );
  });
});

describe("sanitizeEmailCss", () => {
  it("cannot close the style element or import or run code", () => {
    const css = sanitizeEmailCss(
      ".a{color:red}</style><script>alert(1)</script>@import url(https://evil.example/x.css); .b{width:expression(alert(1))}",
    );
    expect(css).not.toMatch(/<|@import|expression\(/i);
    expect(css).toContain(".a{color:red}");
  });
});
