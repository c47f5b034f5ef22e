// npm run bench:segments-postgres — the segment counts of bench:contacts on PostgreSQL (a throwaway
// PostgreSQL 15 cluster, or TEST_POSTGRES_URL's): the built server started as `npm start` starts it,
// 200,000 contacts (BENCH_CONTACTS) and 133,335 `placed order` events seeded with set-based SQL in the
// format the server stores, then each segment's statistics 10 times: once right after seeding, before
// PostgreSQL has statistics of the new rows, and once after ANALYZE (what autovacuum does within a minute).
// Build first: npm run build.
import pg from "pg";
import { startThrowawayPostgres } from "../db/throwaway-postgres";
import { startTestServer } from "../../tests/api/setup/test-server";
import { ENGAGED_VIPS, expectedMembers, REPEAT_BUYERS, SEEDED_TAGS, timeSegmentCount } from "./segment-fixtures";

const VERSION = "2026-03-15";
const TOTAL = Number(process.env.BENCH_CONTACTS ?? 200_000);

async function main() {
  const cluster = process.env.TEST_POSTGRES_URL ? null : await startThrowawayPostgres();
  process.env.TEST_POSTGRES_URL ??= cluster!.url;
  const server = await startTestServer({ label: "bench-segments", env: { RATE_LIMIT_PER_MINUTE: "100000000" } });
  process.env.DATABASE_URL = server.databaseUrl;
  const client = new pg.Client({ connectionString: server.databaseUrl });
  try {
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const brand = await createBrand({ name: "bench segments", plan: "pro" });
    const key = (await createApiKey(brand.id, "bench")).key;
    const call = async (path: string, body?: unknown): Promise<any> => {
      const res = await fetch(server.baseUrl + path, {
        method: body ? "POST" : "GET",
        headers: {
          "Service-Version": VERSION,
          Authorization: `Service-API-Key ${key}`,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };

    await client.connect();
    const started = performance.now();
    // The audience of scripts/bench/segment-fixtures.ts written as SQL (seededStatus, seededTag, seededVisits,
    // seededOrders). Ids: 24 hex characters like lib/ids' own, in ranges of their own (ff.. contacts,
    // fe.. identifiers, fd.. events).
    const id = (prefix: string, expr: string) => `'${prefix}' || lpad(to_hex(${expr}), 22, '0')`;
    const now = `(now() AT TIME ZONE 'UTC')`;
    await client.query(
      `INSERT INTO "Contact" ("id", "brandId", "firstName", "customProperties", "createdAt", "updatedAt")
      SELECT ${id("ff", "i")}, $1, 'F' || i, jsonb_build_object('visits', i % 20), ${now}, ${now} FROM generate_series(0, $2 - 1) AS i`,
      [brand.id, TOTAL],
    );
    await client.query(
      `INSERT INTO "ContactIdentifier" ("id", "brandId", "contactId", "type", "value", "status", "statusChangedAt", "sendWelcomeMessage", "createdAt")
      SELECT ${id("fe", "i")}, $1, ${id("ff", "i")}, 'email', 'seed-' || i || '@example.com', CASE WHEN i % 3 = 0 THEN 'unsubscribed' ELSE 'subscribed' END, ${now}, true, ${now}
      FROM generate_series(0, $2 - 1) AS i`,
      [brand.id, TOTAL],
    );
    await client.query(
      `INSERT INTO "ContactTag" ("contactId", "brandId", "tag")
      SELECT ${id("ff", "i")}, $1, ($3::text[])[i % 4 + 1] FROM generate_series(0, $2 - 1) AS i`,
      [brand.id, TOTAL, SEEDED_TAGS],
    );
    const events = await client.query(
      `INSERT INTO "ContactEvent" ("id", "brandId", "contactId", "eventName", "eventVersion", "origin", "eventTime", "receivedAt", "properties")
      SELECT ${id("fd", "i * 4 + k")}, $1, ${id("ff", "i")}, 'placed order', 'v1', 'api', ${now} - ((i * 7 + k * 13) % 60) * interval '1 day', ${now},
        jsonb_build_object('orderID', 'o-' || i || '-' || k, 'value', (i * 13 + k * 29) % 120, 'currency', 'EUR')
      FROM generate_series(0, $2 - 1) AS i, generate_series(0, 2) AS k
      WHERE i % 3 = 1 AND k < 1 + CASE WHEN i % 4 = 0 THEN 2 ELSE i % 2 END`,
      [brand.id, TOTAL],
    );
    console.log(
      `(seeded ${TOTAL.toLocaleString("en")} contacts and ${events.rowCount!.toLocaleString("en")} placed-order events in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );

    const expected = expectedMembers(TOTAL);
    const segments = {
      "3 filters": { filters: ENGAGED_VIPS, expected: expected.engagedVips },
      "event condition with a period and a property, and the email status": { filters: REPEAT_BUYERS, expected: expected.repeatBuyers },
    };
    const ids: Record<string, string> = {};
    for (const [label, segment] of Object.entries(segments)) ids[label] = (await call("/api/segments", segment.filters)).segmentID;

    // BENCH_EXPLAIN=1: the plans PostgreSQL chooses for each count, before and after ANALYZE, to read.
    const explain = async (when: string) => {
      if (!process.env.BENCH_EXPLAIN) return;
      const { segmentSql } = await import("@/lib/segments/segment-sql");
      const { storedGroups } = await import("@/lib/segments/membership");
      const { Sql } = await import("@/lib/db/query-builder");
      const { toPostgresPlaceholders } = await import("@/lib/db/placeholders");
      for (const [label, segment] of Object.entries(segments)) {
        const sql = new Sql("postgres");
        const where = `c."brandId" = ${sql.p(brand.id)} AND ${segmentSql(storedGroups(segment.filters.conditionGroups), sql, { brandId: brand.id })}`;
        const plan = await client.query(
          `EXPLAIN (ANALYZE, BUFFERS) SELECT COUNT(*) FROM "Contact" c WHERE ${toPostgresPlaceholders(where)}`,
          sql.params,
        );
        console.log(`plan (${label}, ${when}):\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
      }
    };
    for (const when of ["before ANALYZE", "after ANALYZE"]) {
      if (when === "after ANALYZE") await client.query("ANALYZE");
      await explain(when);
      for (const [label, segment] of Object.entries(segments)) {
        await timeSegmentCount(
          `PostgreSQL segment count (${label}) at ${TOTAL.toLocaleString("en")} contacts, ${when}`,
          () => call(`/api/segments/${ids[label]}/statistics`),
          segment.expected,
        );
      }
    }
  } finally {
    await client.end().catch(() => {});
    await (await import("@/lib/db")).closeDatabase().catch(() => {});
    await server.stop();
    cluster?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
