// Template → HTML with tokens, and its plain-text part. This is the expensive step (MJML), so its
// result is cached per template version and recipient shape; recipients then only fill tokens.
import { createHash } from "node:crypto";
import { convert, type HtmlToTextOptions } from "html-to-text";
import mjml2html from "mjml";
import { templateToMjml } from "./mjml/document";
import { shapeKey, type Shape } from "./shape";
import { splitTokens, Tokenizer, type Split, type TokenSpec, type Warning } from "./tokens";
import type { RenderableTemplate } from "./types";

export type { RenderableTemplate };

/** htmlSplit, textSplit: html and text cut at their tokens, what a recipient's render fills (tokens.ts). */
export type Compiled = {
  mjml: string;
  html: string;
  text: string;
  htmlSplit: Split;
  textSplit: Split;
  specs: readonly TokenSpec[];
  warnings: readonly Warning[];
};

// Lines are wrapped after the recipient's values are in (wrapText), not around tokens of another length.
const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true, linkBrackets: ["<", ">"] } },
    ...(["h1", "h2", "h3", "h4", "h5", "h6"] as const).map((selector) => ({ selector, options: { uppercase: false } })),
    // MJML's layout tables read as blocks; only the order blocks' tables are data (class set in commerce-blocks.ts).
    { selector: "table.ink-data", format: "dataTable", options: { maxColumnWidth: 40 } },
  ],
};

/** MJML → HTML; includes are never followed (a template must not read files of the server). */
export async function mjmlToHtml(mjml: string): Promise<{ html: string; errors: Warning[] }> {
  const result = await mjml2html(mjml, { validationLevel: "soft", ignoreIncludes: true, keepComments: false });
  return { html: result.html, errors: result.errors.map((e) => ({ code: "mjml" as const, message: e.formattedMessage ?? e.message })) };
}

export function htmlToText(html: string): string {
  return convert(html, TEXT_OPTIONS).trim();
}

/** Wraps lines longer than `width` at spaces (RFC 3676 style plain text); long words such as URLs stay whole. */
export function wrapText(text: string, width = 78): string {
  return text
    .split("\n")
    .map((line) => {
      if (line.length <= width) return line;
      const out: string[] = [];
      let current = "";
      for (const word of line.split(" ")) {
        if (current && current.length + 1 + word.length > width) {
          out.push(current);
          current = word;
        } else {
          current = current ? `${current} ${word}` : word;
        }
      }
      out.push(current);
      return out.join("\n");
    })
    .join("\n");
}

export async function compileUncached(doc: RenderableTemplate, shape: Shape): Promise<Compiled> {
  const tokens = new Tokenizer();
  const mjml = templateToMjml(doc, shape, tokens);
  const { html, errors } = await mjmlToHtml(mjml);
  const text = htmlToText(html);
  return {
    mjml,
    html,
    text,
    htmlSplit: splitTokens(html),
    textSplit: splitTokens(text),
    specs: tokens.specs,
    warnings: [...tokens.warnings, ...errors],
  };
}

// A bounded map in insertion order: the oldest entries go first.
const MAX_ENTRIES = 500;
const cache = new Map<string, Promise<Compiled>>();

/**
 * The template version: id and updatedAt, plus a digest of the resolved document, because a universal
 * layout can change under a template whose own updatedAt does not.
 */
export function versionKey(doc: RenderableTemplate): string {
  const digest = createHash("sha1")
    .update(JSON.stringify([doc.name, doc.generalSettings, doc.sections]))
    .digest("base64url");
  return `${doc.id ?? "-"}@${doc.updatedAt ?? "-"}#${digest}`;
}

export function compileTemplate(doc: RenderableTemplate, shape: Shape, version = versionKey(doc)): Promise<Compiled> {
  const key = `${version}|${shapeKey(shape)}`;
  let entry = cache.get(key);
  if (entry) {
    cache.delete(key);
    cache.set(key, entry);
    return entry;
  }
  entry = compileUncached(doc, shape);
  cache.set(key, entry);
  entry.catch(() => cache.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry;
}

export function clearRenderCache(): void {
  cache.clear();
}
