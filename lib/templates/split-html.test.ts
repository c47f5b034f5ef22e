// The spec's import rules at the parser: the head's <style> tags and the <body> content as written; without a
// <body> tag the whole HTML, as is.
import { describe, expect, it } from "vitest";
import { splitHtml } from "./import-template";

describe("splitHtml", () => {
  it("takes the body's source text between its tags, byte for byte, and the head's <style> text", () => {
    const body = "\n  <h1 class=t>Hi</h1><br/>\n  <p>a&nbsp;b <b>c</p>\n  <table><tr><td>x</table>\n";
    const html = `<!doctype html><html><head><style> p{} </style><link rel=stylesheet href=x.css><style>a{}</style></head><body style="margin:0">${body}</body></html>`;
    expect(splitHtml(html)).toEqual({ style: "p{}\na{}", body: body.trim() });
  });

  it("uses the whole HTML as the body when it has no <body> tag, <style> tags and all", () => {
    for (const html of ["<table><tr><td>Frag</td></tr></table>", "<style>td{}</style><p>x", "<!-- <body> --><p>&lt;body&gt;</p>"]) {
      expect(splitHtml(html)).toEqual({ style: "", body: html });
    }
  });

  it("runs an unclosed <body> to the end of the HTML", () => {
    expect(splitHtml("<html><head><style>a{}</style></head><body><p>Open")).toEqual({ style: "a{}", body: "<p>Open" });
    expect(splitHtml("<body>")).toEqual({ style: "", body: "" });
  });
});
