// The data step of migration *_published_email_content: every stored template and universal layout
// of the old shape is rewritten in the published 2026-03-15 shape (to-published.ts), in batches, inside
// the migration's transaction. Run by scripts/db/migrate.ts on either engine.
import type { Dialect } from "@/lib/db/dialect";
import { convertDocument, convertLayoutContent } from "./to-published";

export type MigrationDb = {
  /** the engine's forms where SQL text differs (lib/db/dialect.ts) */
  dialect: Dialect;
  /** `?` placeholders on both engines */
  all<T>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
};

const BATCH = 500;

async function* batches<T extends { id: string }>(db: MigrationDb, select: string): AsyncGenerator<T[]> {
  let after = "";
  for (;;) {
    const rows = await db.all<T>(`${select} WHERE "id" > ? ORDER BY "id" LIMIT ${BATCH}`, [after]);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

export async function up(db: MigrationDb): Promise<{ templates: number; layouts: number }> {
  const text = (column: string) => `${db.dialect.jsonAsText(`"${column}"`)} AS "${column}"`;
  const json = "?json";
  let templates = 0;
  for await (const rows of batches<{ id: string; generalSettings: string; sections: string }>(
    db,
    `SELECT "id", ${text("generalSettings")}, ${text("sections")} FROM "EmailTemplate"`,
  )) {
    for (const row of rows) {
      const before = { generalSettings: JSON.parse(row.generalSettings), sections: JSON.parse(row.sections) };
      const after = convertDocument(before, row.id);
      const generalSettings = JSON.stringify(after.generalSettings);
      const sections = JSON.stringify(after.sections);
      if (generalSettings === JSON.stringify(before.generalSettings) && sections === JSON.stringify(before.sections)) continue;
      await db.run(`UPDATE "EmailTemplate" SET "generalSettings" = ${json}, "sections" = ${json} WHERE "id" = ?`, [
        generalSettings,
        sections,
        row.id,
      ]);
      templates++;
    }
  }
  let layouts = 0;
  for await (const rows of batches<{ id: string; content: string }>(db, `SELECT "id", ${text("content")} FROM "UniversalLayout"`)) {
    for (const row of rows) {
      const before = JSON.parse(row.content);
      const content = JSON.stringify(convertLayoutContent(before, row.id));
      if (content === JSON.stringify(before)) continue;
      await db.run(`UPDATE "UniversalLayout" SET "content" = ${json} WHERE "id" = ?`, [content, row.id]);
      layouts++;
    }
  }
  return { templates, layouts };
}
