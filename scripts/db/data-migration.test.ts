// The published-model data migration on a database holding old-shape documents, on SQLite and
// PostgreSQL: every template and universal layout is converted, valid, and keeps what was built.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LayoutInput } from "@/lib/templates/layouts/schema";
import { oldShapeDocument, oldShapeLayoutContent } from "@/lib/templates/legacy/old-shape-fixture";
import { TemplateInput } from "@/lib/templates/schema/template";
import { checkLayoutRules, checkTemplateRules } from "@/lib/templates/validate-template";
import { applyMigrations } from "./migrate";
import { findPostgresBin, startThrowawayPostgres } from "./throwaway-postgres";

const MIGRATION = "20261124020000_published_email_content";
const BRAND = "65a100000000000000000001";
const TEMPLATE = "65a100000000000000000002";
const LAYOUT = "65a100000000000000000003";
const NOW = "2026-11-01T00:00:00.000Z";

type Db = {
  exec(sql: string, params?: unknown[]): Promise<void>;
  rows(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

async function seedOldDocuments(db: Db, json: (v: unknown) => unknown) {
  await db.exec(
    `INSERT INTO "Brand" ("id", "name", "plan", "features", "createdAt", "updatedAt") VALUES (?, 'Old brand', 'standard', ?, ?, ?)`,
    [BRAND, json({}), NOW, NOW],
  );
  await db.exec(
    `INSERT INTO "UniversalLayout" ("id", "brandId", "name", "nameLower", "content", "createdAt", "updatedAt") VALUES (?, ?, 'Footer', 'footer', ?, ?, ?)`,
    [LAYOUT, BRAND, json(oldShapeLayoutContent()), NOW, NOW],
  );
  const doc = oldShapeDocument();
  const sections = [...doc.sections, { id: "ref", type: "universal_layout", settings: { universalLayoutID: LAYOUT } }];
  await db.exec(
    `INSERT INTO "EmailTemplate" ("id", "brandId", "name", "nameLower", "generalSettings", "sections", "createdAt", "updatedAt") VALUES (?, ?, 'Old', 'old', ?, ?, ?, ?)`,
    [TEMPLATE, BRAND, json(doc.generalSettings), json(sections), NOW, NOW],
  );
  await db.exec(`INSERT INTO "TemplateLayoutRef" ("templateId", "layoutId", "brandId") VALUES (?, ?, ?)`, [TEMPLATE, LAYOUT, BRAND]);
}

async function expectConverted(db: Db) {
  const [template] = await db.rows(`SELECT "generalSettings", "sections" FROM "EmailTemplate"`);
  const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  const doc = { generalSettings: parse(template.generalSettings), sections: parse(template.sections) };
  expect(TemplateInput.safeParse({ name: "Old", ...doc }).error?.issues ?? []).toEqual([]);
  expect(checkTemplateRules(doc).errors).toEqual([]);
  const blocks = doc.sections[0].rows[0].columns[0].blocks;
  expect(blocks.map((b: { type: string }) => b.type)).toEqual(oldShapeDocument().sections[0].rows[0].columns[0].blocks.map((b) => b.type));
  expect(blocks[1]).toMatchObject({ button: { text: "Shop now", link: "https://shop.example/sale" } });
  expect(doc.sections[0].settings.filter.rules[0]).toMatchObject({ property: { id: "tier" }, value: "gold" });
  expect(doc.sections.at(-1)).toMatchObject({ type: "universal_layout", settings: { universalLayoutID: LAYOUT } });
  const [layout] = await db.rows(`SELECT "content" FROM "UniversalLayout"`);
  const content = parse(layout.content);
  expect(LayoutInput.safeParse({ name: "Footer", content }).error?.issues ?? []).toEqual([]);
  expect(checkLayoutRules(content, ["content"]).errors).toEqual([]);
  expect(content.rows[0].columns[0].blocks[0].button).toEqual({ text: "Unsubscribe", link: "https://shop.example/u" });
  expect(await db.rows(`SELECT "layoutId" FROM "TemplateLayoutRef"`)).toHaveLength(1);
}

describe(`migration ${MIGRATION}`, () => {
  it("converts old-shape templates and layouts on SQLite", async () => {
    const { default: Database } = await import("better-sqlite3");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-migrate-"));
    const url = `file:${path.join(dir, "old.db")}`;
    try {
      await applyMigrations(url, { before: MIGRATION });
      const sqlite = new Database(path.join(dir, "old.db"));
      const db: Db = {
        exec: async (sql, params = []) => void sqlite.prepare(sql).run(...params),
        rows: async (sql) => sqlite.prepare(sql).all() as Record<string, unknown>[],
        close: async () => void sqlite.close(),
      };
      await seedOldDocuments(db, (v) => JSON.stringify(v));
      sqlite.close();
      expect(await applyMigrations(url)).toContain(MIGRATION);
      const after = new Database(path.join(dir, "old.db"));
      await expectConverted({ ...db, rows: async (sql) => after.prepare(sql).all() as Record<string, unknown>[] });
      after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("converts old-shape templates and layouts on PostgreSQL", async () => {
    if (!findPostgresBin()) {
      // Like the schema drift check: machines without PostgreSQL check SQLite only; CI installs it.
      console.warn("PostgreSQL is not installed: the data migration was checked on SQLite only");
      return;
    }
    const pg = await startThrowawayPostgres();
    const { Client } = await import("pg");
    const client = new Client({ connectionString: pg.url });
    try {
      await applyMigrations(pg.url, { before: MIGRATION });
      await client.connect();
      const numbered = (sql: string) => {
        let n = 0;
        return sql.replace(/\?/g, () => `$${++n}`);
      };
      const db: Db = {
        exec: async (sql, params = []) => void (await client.query(numbered(sql), params)),
        rows: async (sql) => (await client.query(sql)).rows,
        close: async () => client.end(),
      };
      await seedOldDocuments(db, (v) => JSON.stringify(v));
      expect(await applyMigrations(pg.url)).toContain(MIGRATION);
      await expectConverted(db);
    } finally {
      await client.end().catch(() => {});
      pg.stop();
    }
  }, 120_000);
});
