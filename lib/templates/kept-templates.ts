// Templates kept with a workflow: an automation starter's emails are templates of the brand (the engine,
// the editor and GET /api/email-templates/{id} read them as any), but they stay out of the brand's template
// list (the dashboard's and the API's) until a person edits one (the first replace lists it, ./template-store.ts)
// or the last workflow that sent it is deleted (lib/automations/write-automation.ts).
// docs/automations.md ("Starters").
import type { SqlRunner } from "@/lib/db/sql";

/** Which of these templates of the brand are kept (a deleted workflow's few emails: a short list). */
export async function keptAmong(tx: SqlRunner, brandId: string, templateIds: string[]): Promise<string[]> {
  if (!templateIds.length) return [];
  const rows = await tx.all<{ templateId: string }>(
    `SELECT "templateId" FROM "KeptTemplate" WHERE "brandId" = ? AND "templateId" IN (${templateIds.map(() => "?").join(", ")})`,
    [brandId, ...templateIds],
  );
  return rows.map((r) => String(r.templateId));
}

export async function keepTemplate(tx: SqlRunner, brandId: string, templateId: string, at: Date): Promise<void> {
  await tx.run(`INSERT INTO "KeptTemplate" ("templateId", "brandId", "createdAt") VALUES (?, ?, ?ts)`, [templateId, brandId, at]);
}

/** A person edited it, or no workflow sends it any more: it joins the brand's list. */
export async function releaseTemplate(tx: SqlRunner, brandId: string, templateId: string): Promise<void> {
  await tx.run(`DELETE FROM "KeptTemplate" WHERE "templateId" = ? AND "brandId" = ?`, [templateId, brandId]);
}
