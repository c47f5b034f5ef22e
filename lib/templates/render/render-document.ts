// One template for one recipient: compile (cached), then fill the recipient's values.
import { compileTemplate, versionKey, wrapText } from "./compile";
import { resolverOf, shapeOf, type RecipientData } from "./recipient-data";
import { fillHtmlSplit, fillTextSplit, type Warning } from "./tokens";
import type { RenderableTemplate } from "./types";
import { assertTagSyntax } from "./syntax";
import { templateWarnings } from "./warnings";
import type { Check } from "@/lib/templates/checks/check";
import { documentChecks } from "@/lib/templates/checks/document-checks";
import { renderChecks } from "@/lib/templates/checks/render-checks";
import { perVersion } from "./per-version";

/** warnings: unknown tags and layout problems, then the pre-send checks (lib/templates/checks). */
export type Rendered = { html: string; text: string; warnings: (Warning | Check)[] };

/** The response body: every value a string (the published map), warnings JSON-encoded. */
export function renderResult(r: Rendered): { html: string; text: string; warnings: string } {
  return { html: r.html, text: r.text, warnings: JSON.stringify(r.warnings) };
}

// Versions whose tags are known to be well formed (a version that throws is checked again next time).
const wellFormed = perVersion<true>(1000);
function checkSyntaxOnce(version: string, doc: RenderableTemplate) {
  wellFormed(version, () => {
    assertTagSyntax(doc.sections);
    return true;
  });
}

export async function renderDocument(doc: RenderableTemplate, data: RecipientData): Promise<Rendered> {
  const version = versionKey(doc);
  checkSyntaxOnce(version, doc);
  const compiled = await compileTemplate(doc, shapeOf(data), version);
  const resolve = resolverOf(data);
  const { html, bytes } = fillHtmlSplit(compiled.htmlSplit, compiled.specs, resolve);
  return {
    html,
    text: wrapText(fillTextSplit(compiled.textSplit, compiled.specs, resolve)),
    warnings: [
      ...templateWarnings(doc, version),
      ...compiled.warnings.filter((w) => w.code === "mjml"),
      ...documentChecks(doc, version),
      ...renderChecks(doc, data, bytes, version),
      ...(data.warnings ?? []),
    ],
  };
}
