// Import from raw HTML with a real parser (parse5): <style> tags of <head> become the style of one
// htmlCode block and the <body> content its body; HTML without a <body> tag is used as is.
import { parse, serialize } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import { newId } from "@/lib/ids";
import { createTemplate } from "./save-template";
import type { TemplateInput } from "./schema/template";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const isElement = (node: Node, name: string): node is Element => "tagName" in node && node.tagName === name;

function textOf(element: Element): string {
  return element.childNodes.map((n) => ("value" in n && n.nodeName === "#text" ? n.value : "")).join("");
}

/** Splits HTML into the htmlCode block's style and body. */
export function splitHtml(html: string): { style: string; body: string } {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const root = document.childNodes.find((n): n is Element => isElement(n, "html"));
  const head = root?.childNodes.find((n): n is Element => isElement(n, "head"));
  const body = root?.childNodes.find((n): n is Element => isElement(n, "body"));
  // parse5 always synthesizes <body>; only one that was in the source has a location.
  if (!body || !body.sourceCodeLocation) return { style: "", body: html };
  const styles = (head?.childNodes ?? []).filter((n): n is Element => isElement(n, "style")).map(textOf);
  return { style: styles.map((s) => s.trim()).filter(Boolean).join("\n"), body: serialize(body).trim() };
}

/** The ordinary template document an import produces: one section, row, column and htmlCode block. */
export function templateFromHtml(name: string, html: string): TemplateInput {
  const { style, body } = splitHtml(html);
  return {
    name,
    sections: [{
      id: newId(),
      rows: [{ id: newId(), columns: [{ id: newId(), blocks: [{ id: newId(), type: "htmlCode", htmlCode: { style, body } }] }] }],
    }],
  };
}

/** Import: the HTML becomes an ordinary template, validated and stored like any other; returns its JSON text. */
export async function importTemplate(brandId: string, name: string, html: string): Promise<string> {
  return createTemplate(brandId, templateFromHtml(name, html));
}
