// Email content (published /email-content/{id}): a stored email document's content, generalSettings and
// sections, without its name. Inkwell has no campaigns, so every email document is a template: the content
// of template X is /email-content/X. Reads resolve universal layouts like template reads; a replace keeps
// the template's name and follows every template rule. Content is never locked (no 409).
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { getTemplate } from "./get-template";
import { parseTemplateInput } from "./parse-template-input";
import { ContentInput, type Content, type Template } from "./schema/template";
import { replaceTemplateFromParsed } from "./save-template";

const notFound = () => new ApiProblem("not-found", "No email content with this id in your brand");

const contentOf = ({ name: _name, ...content }: Template): Content => content;

export async function getContentJson(brandId: string, id: string): Promise<string> {
  try {
    return JSON.stringify(contentOf(await getTemplate(brandId, id)));
  } catch (error) {
    throw error instanceof ApiProblem && error.code === "not-found" ? notFound() : error;
  }
}

export async function replaceContent(brandId: string, id: string, raw: unknown): Promise<string> {
  const existing = await db.emailTemplate.findFirst({ where: { id, brandId }, select: { name: true } });
  if (!existing) throw notFound();
  const { input, layoutIds } = await parseTemplateInput(brandId, raw, ContentInput);
  const text = await replaceTemplateFromParsed(brandId, id, { input: { ...input, name: existing.name }, layoutIds });
  const { name: _name, ...content } = JSON.parse(text) as Template;
  return JSON.stringify(content);
}
