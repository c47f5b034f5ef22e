// Writing MJML markup: attribute values escaped, undefined attributes left out.
export type Attrs = Record<string, string | number | undefined | null | false>;

export function escapeAttr(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

function attrs(a: Attrs): string {
  let out = "";
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined || v === null || v === false || v === "") continue;
    out += ` ${k}="${escapeAttr(String(v))}"`;
  }
  return out;
}

/** An element; `content` is markup (already escaped by the caller), undefined makes it self-closing. */
export function el(tag: string, a: Attrs = {}, content?: string): string {
  return content === undefined ? `<${tag}${attrs(a)} />` : `<${tag}${attrs(a)}>${content}</${tag}>`;
}
