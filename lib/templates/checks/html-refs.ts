// The links and images inside a block's HTML (text, HTML code, menu items), read with a real parser.
import { parseFragment } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["childNode"] | DefaultTreeAdapterMap["documentFragment"];
type Element = DefaultTreeAdapterMap["element"];

export type HtmlLink = { href: string; text: string };
export type HtmlImage = { src: string; alt: string | null };

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterMap["textNode"]).value;
  return "childNodes" in node ? node.childNodes.map((n) => textOf(n)).join("") : "";
}

export function htmlRefs(html: string): { links: HtmlLink[]; images: HtmlImage[] } {
  const links: HtmlLink[] = [];
  const images: HtmlImage[] = [];
  if (!/<(?:a|img)\b/i.test(html)) return { links, images };
  const visit = (node: Node) => {
    if ("tagName" in node) {
      if (node.tagName === "a") {
        const href = attr(node, "href");
        if (href !== undefined) links.push({ href, text: textOf(node).replace(/\s+/g, " ").trim() });
      } else if (node.tagName === "img") {
        images.push({ src: attr(node, "src") ?? "", alt: attr(node, "alt") ?? null });
      }
    }
    if ("childNodes" in node) node.childNodes.forEach((n) => visit(n as Node));
  };
  visit(parseFragment(html));
  return { links, images };
}
