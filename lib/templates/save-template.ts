// Create and full replace: one validated document, stored with its universal layout references.
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { ApiProblem } from "@/lib/http/problems";
import { parseTemplateInput, type ParsedTemplate } from "./parse-template-input";
import { templateJson } from "./resolve-template";
import { storedSections } from "./template-record";
import { insertTemplateRow, replaceTemplateRow, type TemplateWrite } from "./template-store";

// The document is serialized once: the same text is stored and, where the engine keeps JSON text as
// written (lib/db/dialect.ts keepsJsonText), spliced into the response.
function toWrite(brandId: string, id: string, { input, layoutIds }: ParsedTemplate): TemplateWrite {
  return {
    id,
    brandId,
    name: input.name,
    nameLower: input.name.toLowerCase(),
    // The read-only id, createdAt and updatedAt a client may echo back are not part of the document.
    generalSettings: JSON.stringify(input.generalSettings ?? {}),
    sections: JSON.stringify(storedSections(input.sections)),
    layoutIds,
    at: new Date(),
  };
}

/** Creates a template (`kept`: with an automation, out of the list until edited); returns it as the API's JSON text. */
export async function createTemplate(brandId: string, raw: unknown, options: { kept?: boolean } = {}): Promise<string> {
  const write = toWrite(brandId, newId(), await parseTemplateInput(brandId, raw));
  const plan = await insertTemplateRow(write, options);
  const at = write.at.toISOString();
  return templateJson(brandId, { ...write, createdAt: at, updatedAt: at, plan, canonical: true });
}

/** Replaces a template's document; returns it as the API's JSON text. */
export async function replaceTemplate(brandId: string, id: string, raw: unknown): Promise<string> {
  // An unknown id is a 404 before the body is judged: there is nothing to replace.
  const exists = await db.emailTemplate.count({ where: { id, brandId } });
  if (exists === 0) throw new ApiProblem("not-found", "No email template with this id in your brand");
  return replaceTemplateFromParsed(brandId, id, await parseTemplateInput(brandId, raw));
}

/** Replaces a template's document with an already validated one (email content keeps the template's name). */
export async function replaceTemplateFromParsed(brandId: string, id: string, parsed: ParsedTemplate): Promise<string> {
  return templateJson(brandId, await replaceTemplateRow(toWrite(brandId, id, parsed)));
}
