// One template for one recipient: compile (cached), then fill the recipient's values.
import { compileTemplate, versionKey, wrapText } from "./compile";
import { resolverOf, shapeOf, type RecipientData } from "./recipient-data";
import { fillHtml, fillText, type Warning } from "./tokens";
import type { RenderableTemplate } from "./types";
import { templateWarnings } from "./warnings";

export type Rendered = { html: string; text: string; warnings: Warning[] };

export async function renderDocument(doc: RenderableTemplate, data: RecipientData): Promise<Rendered> {
  const version = versionKey(doc);
  const compiled = await compileTemplate(doc, shapeOf(data), version);
  const resolve = resolverOf(data);
  return {
    html: fillHtml(compiled.html, compiled.specs, resolve),
    text: wrapText(fillText(compiled.text, compiled.specs, resolve)),
    warnings: [...templateWarnings(doc, version), ...compiled.warnings.filter((w) => w.code === "mjml"), ...(data.warnings ?? [])],
  };
}
