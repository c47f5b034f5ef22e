// A menu item is a text component whose HTML is a link (<a href="...">Label</a>): the panel edits it as
// a label and a link.
import type { Block } from "../state/document";

type Component = NonNullable<Block["components"]>[number];
export type MenuItemView = { id?: string; text: string; link: string; component: Component };

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const encode = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function menuItemFrom(component: Component): MenuItemView {
  const html = component.text ?? "";
  const link = /href="([^"]*)"/.exec(html)?.[1];
  return { id: component.id, text: decode(html.replace(/<[^>]*>/g, "")), link: link === undefined ? "" : decode(link), component };
}

export function menuItemTo(item: MenuItemView): Component {
  const label = encode(item.text ?? "");
  const text = item.link ? `<a href="${encode(item.link)}">${label}</a>` : label;
  return { ...item.component, type: "text", role: "menu_text", text };
}
