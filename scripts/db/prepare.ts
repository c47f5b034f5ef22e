// A database ready for a server: migrations applied and, on an empty database, the demo brand and user
// seeded. Instances starting together against one PostgreSQL database take turns under an advisory lock,
// so exactly one of them seeds; on SQLite the seed's own transaction (BEGIN IMMEDIATE) serializes them.
import { config } from "../../lib/config";
import { applyMigrations } from "./migrate";

/** pg_advisory_lock key of the start sequence (the migration runner has its own, 727274). */
const START_LOCK = 727275;

export type Prepared = {
  applied: string[];
  demo: { email: string; password: string; brandId: string; brandName: string } | null;
};

async function underStartLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  if (config().databaseKind !== "postgres") return work();
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [START_LOCK]);
    return await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [START_LOCK]).catch(() => {});
    await client.end();
  }
}

export async function prepareDatabase(options: { seed: boolean }): Promise<Prepared> {
  const url = config().DATABASE_URL;
  return underStartLock(url, async () => {
    const applied = await applyMigrations(url);
    if (!options.seed) return { applied, demo: null };
    const { seedDemoIfEmpty } = await import("../../lib/accounts/seed-demo");
    const demo = await seedDemoIfEmpty();
    if (demo) await (await import("./demo-data")).seedDemoData(demo.brandId);
    const { closeDatabase } = await import("../../lib/db");
    await closeDatabase();
    return { applied, demo };
  });
}
