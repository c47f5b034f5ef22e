// npm run bench:batches — batches of 100 new contacts, end to end, on SQLite: the built server as
// `npm start` runs it (worker in process; started like the API tests start it, on a fresh temporary
// database, with the rate limit raised so the benchmark measures batches, not the limiter). Build first:
// npm run build.
// Senders post BENCH_BATCHES batches (default 200, i.e. 20,000 contacts) of 100 contacts each, from
// BENCH_SENDERS concurrent clients (default 4); the clock runs from the first POST until every batch is
// finished (every item upserted with its result). Prints contacts/s, the batch latency (created →
// finished) and the machine's load.
import os from "node:os";
import { startTestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey } from "./bench-helpers";
import { query } from "./inbox-queries";
import { percentile } from "./stats";

const BATCHES = Number(process.env.BENCH_BATCHES ?? 200);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 4);
const ITEMS = 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main() {
  const server = await startTestServer({ label: "bench-batches", env: { RATE_LIMIT_PER_MINUTE: "1000000000" } });
  try {
    const { key } = createBrandAndKey(server.databaseUrl);
    let sent = 0;
    const batchBody = (run: string, n: number) =>
      JSON.stringify({
        endpoint: "contacts",
        method: "POST",
        items: Array.from({ length: ITEMS }, (_, i) => ({
          identifiers: [{ type: "email", id: `${run}-${n}-${i}@example.com`, channels: { email: { status: "subscribed" } } }],
          firstName: "Bench",
          lastName: `Contact ${i}`,
          tags: ["bench", "import"],
          customProperties: { source: "csv", row: n * ITEMS + i },
        })),
      });
    const post = async (body: string): Promise<string> => {
      const res = await fetch(`${server.baseUrl}/api/batches`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
        body,
      });
      const text = await res.text();
      if (res.status !== 201) throw new Error(`POST /api/batches: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text).batchID;
    };
    const finishedCount = async (ids: string[]) => {
      const rows = await query<{ n: number | string }>(
        server.databaseUrl,
        `SELECT COUNT(*) AS n FROM "Batch" WHERE "status" = 'finished' AND "id" IN (${ids.map((id) => `'${id}'`).join(", ")})`,
      );
      return Number(rows[0].n);
    };
    const run = async (label: string, count: number) => {
      const bodies = Array.from({ length: count }, (_, n) => batchBody(label, n));
      const ids: string[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          while (sent < bodies.length) ids.push(await post(bodies[sent++]));
        }),
      );
      const accepted = performance.now();
      while ((await finishedCount(ids)) < ids.length) await sleep(20);
      const done = performance.now();
      sent = 0;
      return { ids, acceptMs: accepted - started, totalMs: done - started };
    };

    // Warm-up (JIT, prepared statements, the first WAL growth), not reported.
    await run("warmup", 10);
    const loadBefore = load();
    const { ids, acceptMs, totalMs } = await run("bench", BATCHES);
    const loadAfter = load();

    const contacts = BATCHES * ITEMS;
    const rows = await query<{ createdAt: string | Date; startedAt: string | Date; endedAt: string | Date }>(
      server.databaseUrl,
      `SELECT "createdAt", "startedAt", "endedAt" FROM "Batch" WHERE "id" IN (${ids.map((id) => `'${id}'`).join(", ")})`,
    );
    const ms = (v: string | Date) => new Date(v).getTime();
    const latency = rows.map((r) => ms(r.endedAt) - ms(r.createdAt)).sort((a, b) => a - b);
    const items = await query<{ code: number | string; n: number | string }>(
      server.databaseUrl,
      `SELECT "responseCode" AS code, COUNT(*) AS n FROM "BatchItem" WHERE "batchId" IN (${ids.map((id) => `'${id}'`).join(", ")}) GROUP BY "responseCode"`,
    );
    const stored = await query<{ n: number | string }>(
      server.databaseUrl,
      `SELECT COUNT(*) AS n FROM "ContactIdentifier" WHERE "value" LIKE 'bench-%'`,
    );
    const codes = Object.fromEntries(items.map((i) => [String(i.code), Number(i.n)]));
    if (codes["201"] !== contacts || Number(stored[0].n) !== contacts)
      throw new Error(`expected ${contacts} created contacts; item codes ${JSON.stringify(codes)}, stored ${stored[0].n}`);

    console.log(
      `batches of ${ITEMS} new contacts, ${BATCHES} batches (${contacts} contacts), ${SENDERS} senders, SQLite, worker in the server`,
    );
    console.log(
      `  end to end: ${(contacts / (totalMs / 1000)).toFixed(0)} contacts/s (${(totalMs / 1000).toFixed(2)} s from the first POST to the last batch finished)`,
    );
    console.log(`  accepted (201) in ${(acceptMs / 1000).toFixed(2)} s: ${(BATCHES / (acceptMs / 1000)).toFixed(0)} batches/s`);
    console.log(
      `  batch latency, created → finished: p50 ${percentile(latency, 50)} ms, p99 ${percentile(latency, 99)} ms, max ${latency[latency.length - 1]} ms`,
    );
    console.log(`  every item answered 201 and every contact stored (${contacts})`);
    console.log(`  load average (1/5/15 min) before: ${loadBefore}; after: ${loadAfter}; ${os.cpus().length} cores`);
    console.log(
      JSON.stringify({
        contactsPerSecond: Math.round(contacts / (totalMs / 1000)),
        totalMs: Math.round(totalMs),
        p50: percentile(latency, 50),
        p99: percentile(latency, 99),
        loadBefore,
        loadAfter,
      }),
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
