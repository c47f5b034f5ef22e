// `npm run bench:events`: POST /api/events on the deployment people run: the built server as `npm start`
// starts it (worker in process), on SQLite and on a throwaway PostgreSQL cluster. Prints, per engine:
//  1. ingestion under load while the in-process worker processes what arrives: accepted events/s,
//     latency p50/p99, and whether every 202 was stored;
//  2. end to end for new contacts: 20,000 events for 2,000 contacts no one has seen, sent as fast as the
//     server takes them, timed until the last one is processed (accepted and processed per second);
// then, as secondary lines: ingestion with the worker off, and a minimal node:http + SQLite insert server
// on the same machine (what the hardware allows). Figures go to docs/performance.md.
// BENCH_ENGINES=sqlite|postgres|sqlite,postgres (default both), BENCH_DURATION_S (default 15),
// BENCH_SECONDARY=off skips the secondary lines.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startThrowawayPostgres } from "../db/throwaway-postgres";
import { freePort, startTestServer, type TestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey, load, type LoadResult } from "./bench-helpers";
import { newContactBodies } from "./event-bodies";
import { countRows } from "./inbox-queries";

const root = path.resolve(import.meta.dirname, "../..");
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const CONNECTIONS = 64;
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The default 400/min per credential would turn the benchmark into a 429 benchmark.
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: "1000000000" };

function show(label: string, r: LoadResult) {
  console.log(
    `${label}: ${r.requestsPerSecond} accepted/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.accepted} accepted, ${r.other} other, ${r.errors} errors)`,
  );
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
}

async function server(engine: string, postgresUrl: string | undefined, env: Record<string, string>): Promise<TestServer> {
  const saved = process.env.TEST_POSTGRES_URL;
  if (engine === "postgres") process.env.TEST_POSTGRES_URL = postgresUrl;
  else delete process.env.TEST_POSTGRES_URL;
  try {
    return await startTestServer({ label: `bench-${engine}`, env: { ...UNLIMITED, ...env } });
  } finally {
    if (saved === undefined) delete process.env.TEST_POSTGRES_URL;
    else process.env.TEST_POSTGRES_URL = saved;
  }
}

async function ingestion(engine: string, postgresUrl: string | undefined, env: Record<string, string> = {}) {
  const s = await server(engine, postgresUrl, env);
  try {
    const { key } = createBrandAndKey(s.databaseUrl);
    await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: 3 }); // warm-up (JIT, caches)
    const before = await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox"`);
    const started = loadAverage();
    const result = await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: DURATION_S });
    const stored = (await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox"`)) - before;
    return { result, stored, load: `${started} → ${loadAverage()}` };
  } finally {
    await s.stop();
  }
}

/** 20,000 events for 2,000 new contacts, as fast as accepted, timed until every one is processed. */
async function endToEnd(engine: string, postgresUrl: string | undefined) {
  const s = await server(engine, postgresUrl, {});
  try {
    const { key } = createBrandAndKey(s.databaseUrl);
    const TOTAL = 20_000;
    const bodies = newContactBodies(TOTAL, 2_000);
    const started = Date.now();
    const loadAtStart = loadAverage();
    const sent = await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: 600, amount: TOTAL, bodies });
    const acceptedS = (Date.now() - started) / 1000;
    let pending = Infinity;
    while (pending > 0 && Date.now() - started < 300_000) {
      pending = await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`);
      if (pending > 0) await sleep(50);
    }
    const totalS = (Date.now() - started) / 1000;
    const contacts = await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "Contact"`);
    return { accepted: sent.accepted, acceptedS, totalS, p99: sent.p99, contacts, pending, load: `${loadAtStart} → ${loadAverage()}` };
  } finally {
    await s.stop();
  }
}

async function minimalServer(): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-minimal-"));
  const port = await freePort();
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/bench/minimal-ingest-server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), MINIMAL_DB: path.join(dir, "minimal.db") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout!.on("data", (d) => String(d).includes("listening") && resolve()));
  try {
    await load({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, durationS: 3 });
    return await load({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, durationS: DURATION_S });
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `POST /api/events: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  const postgres = ENGINES.includes("postgres")
    ? process.env.TEST_POSTGRES_URL
      ? { url: process.env.TEST_POSTGRES_URL, stop: async () => {} }
      : await startThrowawayPostgres()
    : null;
  try {
    for (const engine of ENGINES) {
      console.log(`\n## ${engine === "postgres" ? "PostgreSQL" : "SQLite"}, npm start defaults (worker in process)`);
      const { result, stored, load } = await ingestion(engine, postgres?.url);
      show("ingestion with the worker processing", result);
      console.log(
        `  every 202 stored: ${stored >= result.accepted ? "yes" : "NO"} (${stored} rows for ${result.accepted} accepted); load ${load}`,
      );
      const e2e = await endToEnd(engine, postgres?.url);
      console.log(
        `end to end, 20,000 events for 2,000 new contacts: ${Math.round(e2e.accepted / e2e.totalS)} events/s accepted and processed ` +
          `(all accepted in ${e2e.acceptedS.toFixed(1)} s, all processed in ${e2e.totalS.toFixed(1)} s; accept p99 ${e2e.p99} ms; ` +
          `${e2e.contacts} contacts; ${e2e.pending} still pending); load ${e2e.load}`,
      );
      if (process.env.BENCH_SECONDARY !== "off") {
        const off = await ingestion(engine, postgres?.url, { INKWELL_WORKER: "off" });
        show("secondary: ingestion with the worker off", off.result);
      }
    }
    if (ENGINES.includes("sqlite") && process.env.BENCH_SECONDARY !== "off")
      show("\nsecondary: minimal node:http + SQLite insert", await minimalServer());
  } finally {
    await postgres?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
