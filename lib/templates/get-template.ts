// Reading and deleting one template of the brand.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { templateJson, toTemplate } from "./resolve-template";
import { parseStored, type TemplateRow } from "./template-record";
import { readTemplateRow } from "./template-store";
import type { Template } from "./schema/template";

const notFound = () => new ApiProblem("not-found", "No email template with this id in your brand");

async function rowOf(brandId: string, id: string): Promise<TemplateRow> {
  const row = await readTemplateRow(brandId, id);
  if (!row) throw notFound();
  return row;
}

export async function getTemplate(brandId: string, id: string): Promise<Template> {
  return toTemplate(brandId, parseStored(await rowOf(brandId, id)));
}

/** The template as the API's JSON text (GET /api/email-templates/{id}). */
export async function getTemplateJson(brandId: string, id: string): Promise<string> {
  return templateJson(brandId, await rowOf(brandId, id));
}

export async function deleteTemplate(brandId: string, id: string): Promise<void> {
  const { count } = await db.emailTemplate.deleteMany({ where: { id, brandId } });
  if (count === 0) throw notFound();
}
