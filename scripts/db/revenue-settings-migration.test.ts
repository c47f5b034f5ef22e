// The revenue_settings_in_sending_settings migration moves each brand's attribution window and currency
// from RevenueSettings onto its SendingSettings row (one row, one upsert for PATCH /api/sending-settings)
// and drops RevenueSettings: no brand's settings may be lost, on SQLite as `npm start` migrates it.
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./migrate";
import { databaseBefore, migrationNamed } from "./migration-fixture";

const TARGET = migrationNamed("revenue_settings_in_sending_settings");
const fixture = databaseBefore(TARGET);

afterAll(() => fixture.cleanup());

describe("migration revenue_settings_in_sending_settings (SQLite)", () => {
  it("keeps every brand's tracking, window and currency on its one SendingSettings row", async () => {
    const { file, sqlite } = fixture;
    const now = new Date().toISOString();
    // both: tracking and revenue settings; revenue: revenue settings only; tracking: tracking only.
    sqlite.exec(`
      INSERT INTO "Brand" ("id", "name", "features", "updatedAt") VALUES ('both', 'B', '{}', '${now}'), ('revenue', 'R', '{}', '${now}'), ('tracking', 'T', '{}', '${now}');
      INSERT INTO "SendingSettings" ("brandId", "trackOpens", "trackClicks", "updatedAt") VALUES ('both', 0, 1, '${now}'), ('tracking', 1, 0, '${now}');
      INSERT INTO "RevenueSettings" ("brandId", "windowDays", "currency", "updatedAt") VALUES ('both', 7, 'EUR', '${now}'), ('revenue', 3, 'GBP', '${now}');
    `);
    sqlite.close();

    expect(await applyMigrations(`file:${file}`)).toContain(TARGET);

    const after = new Database(file, { readonly: true });
    const rows = after
      .prepare(
        `SELECT "brandId", "trackOpens", "trackClicks", "attributionWindowDays", "revenueCurrency" FROM "SendingSettings" ORDER BY "brandId"`,
      )
      .all();
    expect(rows).toEqual([
      { brandId: "both", trackOpens: 0, trackClicks: 1, attributionWindowDays: 7, revenueCurrency: "EUR" },
      { brandId: "revenue", trackOpens: 1, trackClicks: 1, attributionWindowDays: 3, revenueCurrency: "GBP" },
      { brandId: "tracking", trackOpens: 1, trackClicks: 0, attributionWindowDays: 5, revenueCurrency: "USD" },
    ]);
    expect(after.prepare(`SELECT "name" FROM sqlite_master WHERE "name" = 'RevenueSettings'`).all()).toEqual([]);
    expect(after.pragma("foreign_key_check")).toEqual([]);
    after.close();
  });
});
