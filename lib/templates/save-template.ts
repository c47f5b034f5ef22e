// Create and full replace: one validated document, stored with its universal layout references.
import { db, dbKind } from "@/lib/db";
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

// The insert is raw SQL: Prisma walks every value of a Json argument, which for a large document
// (hundreds of blocks) cost several times the insert itself. The JSON text is made once here.
function insertTemplate(row: { id: string; brandId: string; name: string; nameLower: string; generalSettings: string; sections: string; at: Date }) {
  const { id, brandId, name, nameLower, generalSettings, sections, at } = row;
  return dbKind === "postgres"
    ? db.$executeRaw`INSERT INTO "EmailTemplate" ("id", "brandId", "name", "nameLower", "generalSettings", "sections", "createdAt", "updatedAt")
        VALUES (${id}, ${brandId}, ${name}, ${nameLower}, CAST(${generalSettings} AS jsonb), CAST(${sections} AS jsonb), ${at}, ${at})`
    : db.$executeRaw`INSERT INTO "EmailTemplate" ("id", "brandId", "name", "nameLower", "generalSettings", "sections", "createdAt", "updatedAt")
        VALUES (${id}, ${brandId}, ${name}, ${nameLower}, ${generalSettings}, ${sections}, ${at}, ${at})`;
}

export async function createTemplate(brandId: string, raw: unknown): Promise<Template> {
  const parsed = await parseTemplateInput(brandId, raw);
  const id = newId();
  const at = new Date();
  const values = columns(parsed);
  const [brand] = await db.$transaction([
    db.brand.findUniqueOrThrow({ where: { id: brandId }, select: { plan: true } }),
    insertTemplate({ id, brandId, name: values.name, nameLower: values.nameLower, generalSettings: JSON.stringify(values.generalSettings), sections: JSON.stringify(values.sections), at }),
    db.templateLayoutRef.createMany({ data: refsOf(brandId, id, parsed.layoutIds) }),
  ]);
  return toTemplate(brandId, { id, name: values.name, createdAt: at, updatedAt: at, generalSettings: values.generalSettings, sections: values.sections, brand });
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
