// The template row through the raw drivers (lib/db/sql.ts), not Prisma: for a large document (hundreds
// of blocks, ~100 KiB of JSON) Prisma's per-call work on the Json values (its query compiler handling
// the parameters, then unpacking the result) cost several times the SQL itself, on create and on read.
// Tables stay defined by the Prisma schema (prisma/schema/templates.prisma); every query names brandId.
import { ApiProblem } from "@/lib/http/problems";
import type { Dialect } from "@/lib/db/dialect";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { sqlReader, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { isoTimeValue } from "@/lib/db/values";
import type { TemplateRow } from "./template-record";
import { keepTemplate, releaseTemplate } from "./kept-templates";

export type TemplateWrite = {
  id: string;
  brandId: string;
  name: string;
  nameLower: string;
  generalSettings: string;
  sections: string;
  layoutIds: string[];
  at: Date;
};

const notFound = () => new ApiProblem("not-found", "No email template with this id in your brand");
const brandGone = () => new ApiProblem("not-found", "The brand of this credential no longer exists");

/** A universal layout deleted between the reference check and the write. */
function layoutGone(error: unknown): unknown {
  return isForeignKeyViolation(error)
    ? new ApiProblem("conflict", "A universal layout this template references was deleted meanwhile; send the template again")
    : error;
}

// The document's JSON is read as text, as stored where the engine keeps the text written (canonical: the
// response may splice it in unparsed), and the times as the API writes them (lib/db/dialect.ts).
const select = (
  d: Dialect,
) => `SELECT t."id", t."name", ${d.isoTime(`t."createdAt"`)} AS "createdAt", ${d.isoTime(`t."updatedAt"`)} AS "updatedAt",
      ${d.jsonAsText(`t."generalSettings"`)} AS "generalSettings", ${d.jsonAsText(`t."sections"`)} AS "sections", b."plan"
    FROM "EmailTemplate" t JOIN "Brand" b ON b."id" = t."brandId" WHERE t."id" = ? AND t."brandId" = ?`;

type SelectedRow = Omit<TemplateRow, "canonical">;

async function selectRow(sql: SqlRunner, brandId: string, id: string): Promise<TemplateRow | null> {
  const [row] = await sql.all<SelectedRow>(select(sql.dialect), [id, brandId]);
  if (!row) return null;
  return { ...row, createdAt: isoTimeValue(row.createdAt), updatedAt: isoTimeValue(row.updatedAt), canonical: sql.dialect.keepsJsonText };
}

async function addRefs(tx: SqlRunner, t: TemplateWrite) {
  if (t.layoutIds.length === 0) return;
  await tx.run(
    `INSERT INTO "TemplateLayoutRef" ("templateId", "layoutId", "brandId") VALUES ${t.layoutIds.map(() => "(?, ?, ?)").join(", ")}`,
    t.layoutIds.flatMap((layoutId) => [t.id, layoutId, t.brandId]),
  );
}

/** The template of the brand with this id, or null. */
export async function readTemplateRow(brandId: string, id: string): Promise<TemplateRow | null> {
  return selectRow(sqlReader(), brandId, id);
}

/** Inserts a new template and its layout references in one transaction; returns the brand's plan. */
export async function insertTemplateRow(t: TemplateWrite, options: { kept?: boolean } = {}): Promise<string> {
  try {
    return await writeTransaction(async (tx) => {
      const [brand] = await tx.all<{ plan: string }>(`SELECT "plan" FROM "Brand" WHERE "id" = ?`, [t.brandId]);
      if (!brand) throw brandGone();
      await tx.run(
        `INSERT INTO "EmailTemplate" ("id", "brandId", "name", "nameLower", "generalSettings", "sections", "createdAt", "updatedAt")
          VALUES (?, ?, ?, ?, ?json, ?json, ?ts, ?ts)`,
        [t.id, t.brandId, t.name, t.nameLower, t.generalSettings, t.sections, t.at, t.at],
      );
      await addRefs(tx, t);
      if (options.kept) await keepTemplate(tx, t.brandId, t.id, t.at);
      return brand.plan;
    });
  } catch (error) {
    throw layoutGone(error);
  }
}

/** Replaces the document of an existing template and its layout references; returns the stored row. */
export async function replaceTemplateRow(t: TemplateWrite): Promise<TemplateRow> {
  try {
    return await writeTransaction(async (tx) => {
      const updated = await tx.run(
        `UPDATE "EmailTemplate" SET "name" = ?, "nameLower" = ?, "generalSettings" = ?json, "sections" = ?json, "updatedAt" = ?ts
          WHERE "id" = ? AND "brandId" = ?`,
        [t.name, t.nameLower, t.generalSettings, t.sections, t.at, t.id, t.brandId],
      );
      if (updated === 0) throw notFound();
      await releaseTemplate(tx, t.brandId, t.id);
      await tx.run(`DELETE FROM "TemplateLayoutRef" WHERE "templateId" = ? AND "brandId" = ?`, [t.id, t.brandId]);
      await addRefs(tx, t);
      return (await selectRow(tx, t.brandId, t.id))!;
    });
  } catch (error) {
    throw layoutGone(error);
  }
}
