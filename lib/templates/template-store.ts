// The template row through the raw drivers (lib/raw-db.ts), not Prisma: for a large document (hundreds
// of blocks, ~100 KiB of JSON) Prisma's per-call work on the Json values (its query compiler handling
// the parameters, then unpacking the result) cost several times the SQL itself, on create and on read.
// Tables stay defined by the Prisma schema (prisma/schema/templates.prisma); every query names brandId.
import type BetterSqlite3 from "better-sqlite3";
import type { PoolClient } from "pg";
import { rawSqliteWrite } from "@/lib/events/write-turns";
import { ApiProblem } from "@/lib/http/problems";
import { rawDb, sqliteTime, withNormalSync } from "@/lib/raw-db";
import type { TemplateRow } from "./template-record";

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

function foreignKeyFailed(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503";
}

/** A universal layout deleted between the reference check and the write. */
function layoutGone(error: unknown): unknown {
  return foreignKeyFailed(error) ? new ApiProblem("conflict", "A universal layout this template references was deleted meanwhile; send the template again") : error;
}

// The adapter's own format ("2026-01-02T03:04:05.678+00:00") is rewritten without parsing a Date.
const isoFromSqlite = (value: string) => (value.length === 29 && value.endsWith("+00:00") ? `${value.slice(0, 23)}Z` : new Date(value).toISOString());

const SQLITE_SELECT = `SELECT t."id", t."name", t."createdAt", t."updatedAt", t."generalSettings", t."sections", b."plan"
  FROM "EmailTemplate" t JOIN "Brand" b ON b."id" = t."brandId" WHERE t."id" = ? AND t."brandId" = ?`;
const PG_SELECT = `SELECT t."id", t."name",
    to_char(t."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt", to_char(t."updatedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
    t."generalSettings"::text AS "generalSettings", t."sections"::text AS "sections", b."plan"
  FROM "EmailTemplate" t JOIN "Brand" b ON b."id" = t."brandId" WHERE t."id" = $1 AND t."brandId" = $2`;

type SelectedRow = Omit<TemplateRow, "canonical">;

// Prepared once per connection (the raw connection lives as long as the process).
const statements = new WeakMap<BetterSqlite3.Database, ReturnType<typeof prepare>>();

function prepare(sqlite: BetterSqlite3.Database) {
  const select = sqlite.prepare<[string, string], SelectedRow>(SQLITE_SELECT);
  const plan = sqlite.prepare<[string], { plan: string }>(`SELECT "plan" FROM "Brand" WHERE "id" = ?`);
  const insert = sqlite.prepare(`INSERT INTO "EmailTemplate" ("id", "brandId", "name", "nameLower", "generalSettings", "sections", "createdAt", "updatedAt")
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const update = sqlite.prepare(`UPDATE "EmailTemplate" SET "name" = ?, "nameLower" = ?, "generalSettings" = ?, "sections" = ?, "updatedAt" = ?
    WHERE "id" = ? AND "brandId" = ?`);
  const dropRefs = sqlite.prepare(`DELETE FROM "TemplateLayoutRef" WHERE "templateId" = ? AND "brandId" = ?`);
  const addRef = sqlite.prepare(`INSERT INTO "TemplateLayoutRef" ("templateId", "layoutId", "brandId") VALUES (?, ?, ?)`);
  const addRefs = (t: TemplateWrite) => {
    for (const layoutId of t.layoutIds) addRef.run(t.id, layoutId, t.brandId);
  };
  const create = sqlite.transaction((t: TemplateWrite): string => {
    const brand = plan.get(t.brandId);
    if (!brand) throw brandGone();
    const at = sqliteTime(t.at);
    insert.run(t.id, t.brandId, t.name, t.nameLower, t.generalSettings, t.sections, at, at);
    addRefs(t);
    return brand.plan;
  });
  const replace = sqlite.transaction((t: TemplateWrite): SelectedRow => {
    if (update.run(t.name, t.nameLower, t.generalSettings, t.sections, sqliteTime(t.at), t.id, t.brandId).changes === 0) throw notFound();
    dropRefs.run(t.id, t.brandId);
    addRefs(t);
    return select.get(t.id, t.brandId)!;
  });
  return { select, create, replace };
}

function sqliteStatements(sqlite: BetterSqlite3.Database) {
  let found = statements.get(sqlite);
  if (!found) statements.set(sqlite, (found = prepare(sqlite)));
  return found;
}

const fromSqlite = (row: SelectedRow): TemplateRow => ({ ...row, createdAt: isoFromSqlite(row.createdAt), updatedAt: isoFromSqlite(row.updatedAt), canonical: true });

async function inPgTransaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const raw = await rawDb();
  if (raw.kind !== "postgres") throw new Error("not a PostgreSQL connection");
  const client = await raw.pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function pgAddRefs(client: PoolClient, t: TemplateWrite) {
  if (t.layoutIds.length === 0) return;
  const tuples = t.layoutIds.map((_, i) => `($1, $${i + 3}, $2)`).join(", ");
  await client.query(`INSERT INTO "TemplateLayoutRef" ("templateId", "layoutId", "brandId") VALUES ${tuples}`, [t.id, t.brandId, ...t.layoutIds]);
}

/** The template of the brand with this id, or null. */
export async function readTemplateRow(brandId: string, id: string): Promise<TemplateRow | null> {
  const raw = await rawDb();
  if (raw.kind === "postgres") {
    const row = (await raw.pool.query<SelectedRow>(PG_SELECT, [id, brandId])).rows[0];
    return row ? { ...row, canonical: false } : null;
  }
  const row = sqliteStatements(raw.sqlite).select.get(id, brandId);
  return row ? fromSqlite(row) : null;
}

/** Inserts a new template and its layout references in one transaction; returns the brand's plan. */
export async function insertTemplateRow(t: TemplateWrite): Promise<string> {
  const raw = await rawDb();
  try {
    if (raw.kind === "sqlite") {
      const { create } = sqliteStatements(raw.sqlite);
      return await rawSqliteWrite(() => withNormalSync(raw.sqlite, () => create.immediate(t)));
    }
    return await inPgTransaction(async (client) => {
      const brand = (await client.query<{ plan: string }>(`SELECT "plan" FROM "Brand" WHERE "id" = $1`, [t.brandId])).rows[0];
      if (!brand) throw brandGone();
      const at = t.at.toISOString();
      await client.query(
        `INSERT INTO "EmailTemplate" ("id", "brandId", "name", "nameLower", "generalSettings", "sections", "createdAt", "updatedAt")
          VALUES ($1, $2, $3, $4, CAST($5 AS jsonb), CAST($6 AS jsonb), $7, $7)`,
        [t.id, t.brandId, t.name, t.nameLower, t.generalSettings, t.sections, at],
      );
      await pgAddRefs(client, t);
      return brand.plan;
    });
  } catch (error) {
    throw layoutGone(error);
  }
}

/** Replaces the document of an existing template and its layout references; returns the stored row. */
export async function replaceTemplateRow(t: TemplateWrite): Promise<TemplateRow> {
  const raw = await rawDb();
  try {
    if (raw.kind === "sqlite") {
      const { replace } = sqliteStatements(raw.sqlite);
      return fromSqlite(await rawSqliteWrite(() => withNormalSync(raw.sqlite, () => replace.immediate(t))));
    }
    return await inPgTransaction(async (client) => {
      const updated = await client.query(
        `UPDATE "EmailTemplate" SET "name" = $1, "nameLower" = $2, "generalSettings" = CAST($3 AS jsonb), "sections" = CAST($4 AS jsonb), "updatedAt" = $5
          WHERE "id" = $6 AND "brandId" = $7`,
        [t.name, t.nameLower, t.generalSettings, t.sections, t.at.toISOString(), t.id, t.brandId],
      );
      if (updated.rowCount === 0) throw notFound();
      await client.query(`DELETE FROM "TemplateLayoutRef" WHERE "templateId" = $1 AND "brandId" = $2`, [t.id, t.brandId]);
      await pgAddRefs(client, t);
      const row = (await client.query<SelectedRow>(PG_SELECT, [t.id, t.brandId])).rows[0];
      return { ...row, canonical: false };
    });
  } catch (error) {
    throw layoutGone(error);
  }
}
