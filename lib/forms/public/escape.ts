// Values into a page's script and stylesheet: visitor and brand text is always text, never code. (Text
// into markup is lib/templates/render/tags.ts escapeHtml, the project's one HTML escaping.)

/**
 * A value as a JavaScript (JSON) literal that is safe inside a <script> element or a script file:
 * no "</script>", "<!--" or line separators (U+2028/2029 end a string literal in older engines).
 */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\(\s*[0-9.%,\s/deg]+\)|[a-z]{3,20})$/i;

/** A colour the stylesheet may hold; anything else (a brand's "red; } body {...") falls back. */
export function safeColour(value: string, fallback: string): string {
  return COLOUR.test(value.trim()) ? value.trim() : fallback;
}
