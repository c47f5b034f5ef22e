// PostgreSQL keeps room in "AutomationEnrollment"'s pages (fillfactor 50, a hand-written migration): a trigger
// event replaces its contact's waiting row's trigger data, and only a page with room takes the new version in
// place, without a new entry in each of the table's 7 indexes (docs/performance.md, bench:automations).
// SQLite has no fill factor: the file is skipped there (reported as skipped, not passed).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "./setup/test-server";

let cleanup: () => void = () => {};
let lib: { sqlReader: typeof import("@/lib/db/sql").sqlReader; closeDatabase: typeof import("@/lib/db").closeDatabase };

describe.skipIf(!process.env.TEST_POSTGRES_URL)("AutomationEnrollment's storage (PostgreSQL)", () => {
  beforeAll(async () => {
    const fresh = await freshDatabaseUrl("automations-fillfactor");
    cleanup = fresh.cleanup;
    process.env.DATABASE_URL = fresh.url;
    const { applyMigrations } = await import("../../scripts/db/migrate");
    await applyMigrations(fresh.url);
    lib = { ...(await import("@/lib/db/sql")), ...(await import("@/lib/db")) };
  });

  afterAll(async () => {
    await lib?.closeDatabase();
    cleanup();
  });

  it("leaves half of each AutomationEnrollment page free on PostgreSQL (in-place updates of waiting rows)", async () => {
    const rows = await lib
      .sqlReader()
      .all<{ options: string | null }>(
        `SELECT array_to_string(reloptions, ',') AS "options" FROM pg_class WHERE relname = 'AutomationEnrollment'`,
      );
    expect(rows[0]?.options ?? "(no storage options)").toContain("fillfactor=50");
  });
});
