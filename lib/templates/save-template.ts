// Create and full replace: one validated document, stored with its universal layout references.
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { ApiProblem } from "@/lib/http/problems";
import { parseTemplateInput, type ParsedTemplate } from "./parse-template-input";
import { storedSections, templateSelect, toTemplate } from "./template-record";
import type { Template } from "./schema/template";

function columns({ input }: ParsedTemplate) {
  return {
    name: input.name,
    nameLower: input.name.toLowerCase(),
    generalSettings: input.generalSettings ?? {},
    sections: storedSections(input.sections),
  };
}

const refsOf = (brandId: string, templateId: string, layoutIds: string[]) => layoutIds.map((layoutId) => ({ brandId, templateId, layoutId }));

export async function createTemplate(brandId: string, raw: unknown): Promise<Template> {
  const parsed = await parseTemplateInput(brandId, raw);
  const id = newId();
  const [row] = await db.$transaction([
    db.emailTemplate.create({ data: { id, brandId, ...columns(parsed) }, select: templateSelect }),
    db.templateLayoutRef.createMany({ data: refsOf(brandId, id, parsed.layoutIds) }),
  ]);
  return toTemplate(brandId, row);
}

export async function replaceTemplate(brandId: string, id: string, raw: unknown): Promise<Template> {
  // An unknown id is a 404 before the body is judged: there is nothing to replace.
  const exists = await db.emailTemplate.count({ where: { id, brandId } });
  if (exists === 0) throw new ApiProblem("not-found", "No email template with this id in your brand");
  const parsed = await parseTemplateInput(brandId, raw);
  const [row] = await db.$transaction([
    db.emailTemplate.update({ where: { id, brandId }, data: columns(parsed), select: templateSelect }),
    db.templateLayoutRef.deleteMany({ where: { templateId: id } }),
    db.templateLayoutRef.createMany({ data: refsOf(brandId, id, parsed.layoutIds) }),
  ]);
  return toTemplate(brandId, row);
}
