// Import from raw HTML. By default, as our spec says: the <style> tags of <head> become the style of one
// HTML code block and the <body> content its body, exactly as written; HTML without a <body> tag is used
// as is. On request (`into: "blocks"`, lib/templates/import/) the body becomes editable blocks where the
// structure allows: merge tags of other tools become ours, the stylesheet is inlined (juice) so its look
// reaches the blocks, the layout becomes sections, rows, columns and blocks, and what cannot be mapped is
// kept whole in HTML code blocks (the head's styles in an HTML code block of their own at the top).
// The answer is the created template plus an `importSummary` of what happened.
import juice from "juice";
import { parse } from "parse5";
import type { DefaultTreeAdapterMap } from "parse5";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import { convertMergeTags } from "./import/convert-merge-tags";
import type { ImportSummary } from "./import/import-summary";
import { htmlToSections, type Converted } from "./import/html-to-sections";
import { createTemplate } from "./save-template";
import type { Block, Section } from "./schema";
import type { ImportTemplateQuery, TemplateInput } from "./schema/template";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const isElement = (node: Node, name: string): node is Element => "tagName" in node && node.tagName === name;

function textOf(element: Element): string {
  return element.childNodes.map((n) => ("value" in n && n.nodeName === "#text" ? n.value : "")).join("");
}

/** Splits HTML into the <style> text of its <head> and its <body> content as written (the source text between
 * the body's tags); without a <body> tag the HTML is the body. */
export function splitHtml(html: string): { style: string; body: string } {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const root = document.childNodes.find((n): n is Element => isElement(n, "html"));
  const head = root?.childNodes.find((n): n is Element => isElement(n, "head"));
  const body = root?.childNodes.find((n): n is Element => isElement(n, "body"));
  // parse5 always synthesizes <body>; only one that was in the source has a location.
  const at = body?.sourceCodeLocation;
  if (!body || !at?.startTag) return { style: "", body: html };
  const styles = (head?.childNodes ?? []).filter((n): n is Element => isElement(n, "style")).map(textOf);
  // Without </body> the body runs to the end of its last child (or of the HTML).
  const end = at.endTag?.startOffset ?? body.childNodes.at(-1)?.sourceCodeLocation?.endOffset ?? html.length;
  return {
    style: styles
      .map((s) => s.trim())
      .filter(Boolean)
      .join("\n"),
    body: html.slice(at.startTag.endOffset, Math.max(end, at.startTag.endOffset)).trim(),
  };
}

/** The stylesheet written into style attributes, so the blocks pick up what classes said; the <style> tags stay. */
function inline(html: string, style: string): string {
  if (!style) return html;
  try {
    return juice.inlineContent(html, style, {
      applyWidthAttributes: false,
      applyHeightAttributes: false,
      applyAttributesTableElements: false,
      preserveImportant: true,
      resolveCSSVariables: false,
    });
  } catch {
    // CSS juice cannot read: the HTML goes on with its own inline styles only.
    return html;
  }
}

function styleSection(style: string): Section {
  const block: Block = { id: newId(), type: "htmlCode", htmlCode: { style, body: "" } };
  return { id: newId(), rows: [{ id: newId(), columns: [{ id: newId(), blocks: [block] }] }] };
}

/** The template document and summary an import produces (nothing stored yet). */
export function documentFromHtml(name: string, html: string): { document: TemplateInput; summary: ImportSummary } {
  const tags = convertMergeTags(html);
  const { style: headStyle, body } = splitHtml(tags.text);
  const converted: Converted = htmlToSections(inline(body, headStyle));
  const style = [headStyle, ...converted.styles].filter(Boolean).join("\n");
  const sections = style ? [styleSection(style), ...converted.sections] : converted.sections;

  const generalSettings: TemplateInput["generalSettings"] = {};
  if (converted.body) generalSettings.body = { backgroundColor: converted.body };
  const content = Object.fromEntries(Object.entries(converted.content ?? {}).filter(([, v]) => v !== undefined));
  if (Object.keys(content).length) generalSettings.content = content;

  const blocks: Record<string, number> = {};
  const keptAsHtml: ImportSummary["keptAsHtml"] = [];
  const reasons = new Map(converted.kept.map((k) => [k.blockId, k.reason]));
  sections.forEach((section, s) =>
    section.rows.forEach((row, r) =>
      row.columns.forEach((column, c) =>
        column.blocks.forEach((block, b) => {
          blocks[block.type] = (blocks[block.type] ?? 0) + 1;
          const reason = reasons.get(block.id);
          if (reason) keptAsHtml.push({ pointer: `/sections/${s}/rows/${r}/columns/${c}/blocks/${b}`, blockId: block.id, reason });
        }),
      ),
    ),
  );
  return {
    document: { name, ...(Object.keys(generalSettings).length ? { generalSettings } : {}), sections },
    summary: {
      into: "blocks",
      sections: sections.length,
      blocks,
      keptAsHtml,
      stylesKept: !!style,
      mergeTags: { ...tags.summary, convertible: [] },
    },
  };
}

/** One section holding one HTML code block. */
function htmlCodeDocument(name: string, htmlCode: { style: string; body: string }): TemplateInput {
  return {
    name,
    sections: [
      {
        id: newId(),
        rows: [{ id: newId(), columns: [{ id: newId(), blocks: [{ id: newId(), type: "htmlCode", htmlCode }] }] }],
      },
    ],
  };
}

/** The spec's import: the head's <style> tags and the body as written, merge tags untouched (the summary names
 * other tools' tags, left as written). */
async function importAsIs(brandId: string, name: string, html: string): Promise<{ text: string; summary: ImportSummary }> {
  const htmlCode = splitHtml(html);
  const text = await createTemplate(brandId, htmlCodeDocument(name, htmlCode));
  const tags = convertMergeTags(html).summary;
  const convertible = tags.converted;
  return {
    text,
    summary: {
      into: "html",
      sections: 1,
      blocks: { htmlCode: 1 },
      keptAsHtml: [],
      stylesKept: !!htmlCode.style,
      mergeTags: { converted: [], convertible, unknown: tags.unknown },
    },
  };
}

/** Editable blocks; a structure the document rules refuse is kept whole as one HTML code block instead. */
async function importIntoBlocks(brandId: string, name: string, html: string): Promise<{ text: string; summary: ImportSummary }> {
  try {
    const mapped = documentFromHtml(name, html);
    return { text: await createTemplate(brandId, mapped.document), summary: mapped.summary };
  } catch (error) {
    // More rows or blocks than a template may hold, a value the schema does not take: nothing is lost,
    // the body is kept whole as HTML.
    if (!(error instanceof ApiProblem && error.code === "validation-failed")) throw error;
    const tags = convertMergeTags(html);
    const document = htmlCodeDocument(name, splitHtml(tags.text));
    const block = document.sections[0].rows[0].columns[0].blocks[0];
    return {
      text: await createTemplate(brandId, document),
      summary: {
        into: "blocks",
        sections: 1,
        blocks: { htmlCode: 1 },
        keptAsHtml: [
          {
            pointer: "/sections/0/rows/0/columns/0/blocks/0",
            blockId: block.id,
            reason: `the structure could not be mapped to blocks (${error.detail})`,
          },
        ],
        stylesKept: !!block.htmlCode?.style,
        mergeTags: { ...tags.summary, convertible: [] },
      },
    };
  }
}

/** Import: the HTML becomes an ordinary template, validated and stored like any other; returns its JSON text with the summary. */
export async function importTemplate(
  brandId: string,
  name: string,
  html: string,
  into: ImportTemplateQuery["into"] = "html",
): Promise<string> {
  const { text, summary } = into === "blocks" ? await importIntoBlocks(brandId, name, html) : await importAsIs(brandId, name, html);
  // The stored template's JSON text, with the summary as one more member.
  return `${text.slice(0, text.lastIndexOf("}"))},"importSummary":${JSON.stringify(summary)}}`;
}
