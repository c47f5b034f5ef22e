// `npm run bench:events`: POST /api/events throughput and latency on the built server (SQLite), next to
// a minimal node:http server doing only a durable SQLite insert, and the worker's processing lag at a
// fixed 1,000 events/s. Prints the figures recorded in docs/performance.md.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { freePort, startTestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey, load, type LoadResult } from "./bench-helpers";

const root = path.resolve(import.meta.dirname, "../..");
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const CONNECTIONS = 64;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function show(label: string, r: LoadResult) {
  console.log(`${label}: ${r.requestsPerSecond} accepted/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.accepted} accepted, ${r.other} other, ${r.errors} errors)`);
}

async function minimalServer(): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-minimal-"));
  const port = await freePort();
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/bench/minimal-ingest-server.ts"], {
    cwd: root, env: { ...process.env, PORT: String(port), MINIMAL_DB: path.join(dir, "minimal.db") }, stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout!.on("data", (d) => String(d).includes("listening") && resolve()));
  try {
    await load({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, durationS: 3 }); // warm-up
    return await load({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, durationS: DURATION_S });
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function sqliteFile(url: string) {
  return url.replace(/^file:/, "");
}

async function throughput(): Promise<{ result: LoadResult; stored: number }> {
  // Ingest alone: the worker is off so the figure is the ingestion path's; the rate limit is raised
  // because the default 400/min per credential would turn the benchmark into a 429 benchmark.
  const server = await startTestServer({ label: "bench", env: { INKWELL_WORKER: "off", RATE_LIMIT_PER_MINUTE: "1000000000" } });
  try {
    const { key } = createBrandAndKey(server.databaseUrl);
    await load({ url: server.baseUrl, key, connections: CONNECTIONS, durationS: 3 }); // warm-up (JIT, caches)
    const sqlite = new Database(sqliteFile(server.databaseUrl), { readonly: true });
    const before = (sqlite.prepare(`SELECT COUNT(*) AS n FROM "EventInbox"`).get() as { n: number }).n;
    const result = await load({ url: server.baseUrl, key, connections: CONNECTIONS, durationS: DURATION_S });
    const stored = (sqlite.prepare(`SELECT COUNT(*) AS n FROM "EventInbox"`).get() as { n: number }).n - before;
    sqlite.close();
    return { result, stored };
  } finally {
    await server.stop();
  }
}

async function lag(separateWorker: boolean): Promise<{ sent: number; p50: number; p99: number; max: number; drainS: number }> {
  const server = await startTestServer({ label: "bench-lag", env: { RATE_LIMIT_PER_MINUTE: "1000000000", INKWELL_WORKER: separateWorker ? "off" : "on" } });
  const worker = separateWorker
    ? spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/worker.ts"], { cwd: root, env: { ...process.env, DATABASE_URL: server.databaseUrl }, stdio: "ignore" })
    : undefined;
  try {
    const { key } = createBrandAndKey(server.databaseUrl);
    const result = await load({ url: server.baseUrl, key, connections: 16, durationS: 30, overallRate: 1000 });
    const sqlite = new Database(sqliteFile(server.databaseUrl), { readonly: true });
    const started = Date.now();
    while ((sqlite.prepare(`SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`).get() as { n: number }).n > 0 && Date.now() - started < 120_000) await sleep(200);
    const drainS = (Date.now() - started) / 1000;
    const lags = (sqlite.prepare(`SELECT "receivedAt" AS r, "processedAt" AS p FROM "EventInbox" WHERE "status" = 'done'`).all() as { r: string; p: string }[])
      .map((row) => Date.parse(row.p) - Date.parse(row.r))
      .sort((a, b) => a - b);
    sqlite.close();
    const at = (q: number) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? NaN;
    return { sent: result.accepted, p50: at(0.5), p99: at(0.99), max: lags.at(-1) ?? NaN, drainS };
  } finally {
    if (worker) {
      worker.kill("SIGTERM");
      await new Promise((r) => worker.once("exit", r));
    }
    await server.stop();
  }
}

async function main() {
  console.log(`POST /api/events benchmark: ${CONNECTIONS} connections, ${DURATION_S} s, ${os.cpus().length} cores, SQLite`);
  // BENCH_ONLY=lag runs only the processing-lag phases, BENCH_ONLY=ingest only the throughput ones
  if (process.env.BENCH_ONLY !== "lag") await ingestion();
  if (process.env.BENCH_ONLY === "ingest") return;
  for (const separate of [false, true]) {
    const l = await lag(separate);
    const where = separate ? "worker as its own process (npm run worker)" : "worker in the server";
    console.log(`processing lag at 1,000 events/s for 30 s (${l.sent} events, ${where}): p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms; backlog drained ${l.drainS.toFixed(1)} s after the load stopped`);
  }
}

async function ingestion() {
  const minimal = await minimalServer();
  show("minimal node:http + SQLite insert", minimal);
  const { result, stored } = await throughput();
  show("Inkwell POST /api/events        ", result);
  console.log(`  every 202 stored: ${stored >= result.accepted ? "yes" : "NO"} (${stored} rows for ${result.accepted} accepted)`);
  console.log(`  ratio to the minimal server: ${Math.round((100 * result.requestsPerSecond) / minimal.requestsPerSecond)}%`);
}

main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
