// Reading and deleting one template of the brand.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { templateSelect, toTemplate } from "./template-record";
import type { Template } from "./schema/template";

const notFound = () => new ApiProblem("not-found", "No email template with this id in your brand");

export async function getTemplate(brandId: string, id: string): Promise<Template> {
  const row = await db.emailTemplate.findFirst({ where: { id, brandId }, select: templateSelect });
  if (!row) throw notFound();
  return toTemplate(brandId, row);
}

export async function deleteTemplate(brandId: string, id: string): Promise<void> {
  const { count } = await db.emailTemplate.deleteMany({ where: { id, brandId } });
  if (count === 0) throw notFound();
}
