// Templates kept with a workflow: an automation starter's emails are templates of the brand (the engine,
// the editor and GET /api/email-templates/{id} read them as any), but they stay out of the brand's template
// list (the dashboard's and the API's) until a person edits one: the first replace lists it (./template-store.ts).
// docs/automations.md ("Starters").
import { sqlReader, type SqlRunner } from "@/lib/db/sql";

/** The brand's kept templates (a starter's few emails each: a short list). */
export async function keptTemplateIds(brandId: string): Promise<string[]> {
  const rows = await sqlReader().all<{ templateId: string }>(`SELECT "templateId" FROM "KeptTemplate" WHERE "brandId" = ?`, [brandId]);
  return rows.map((r) => String(r.templateId));
}

export async function keepTemplate(tx: SqlRunner, brandId: string, templateId: string, at: Date): Promise<void> {
  await tx.run(`INSERT INTO "KeptTemplate" ("templateId", "brandId", "createdAt") VALUES (?, ?, ?ts)`, [templateId, brandId, at]);
}

/** A person edited it: it joins the brand's list. */
export async function releaseTemplate(tx: SqlRunner, brandId: string, templateId: string): Promise<void> {
  await tx.run(`DELETE FROM "KeptTemplate" WHERE "templateId" = ? AND "brandId" = ?`, [templateId, brandId]);
}
