// The two measurements of POST /api/events that bench:events and bench:automations share, on the server
// as `npm start` runs it (worker in process), SQLite or a PostgreSQL cluster: ingestion under load while
// the worker processes what arrives, and end to end for new contacts. `prepare` runs once the brand
// exists (bench:automations enables its workflows there).
import os from "node:os";
import { startThrowawayPostgres } from "../db/throwaway-postgres";
import { startTestServer, type TestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey, load, type LoadResult } from "./bench-helpers";
import { newContactBodies } from "./event-bodies";
import { countRows } from "./inbox-queries";
import { serverCpuMs } from "./targets";

export type Prepare = (server: Pick<TestServer, "baseUrl" | "databaseUrl">, brand: { brandId: string; key: string }) => Promise<void>;

export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
export const CONNECTIONS = 64;
export const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The default 400/min per credential would turn the benchmark into a 429 benchmark.
const UNLIMITED = { RATE_LIMIT_PER_MINUTE: "1000000000" };

export function show(label: string, r: LoadResult) {
  console.log(
    `${label}: ${r.requestsPerSecond} accepted/s, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.accepted} accepted, ${r.other} other, ${r.errors} errors)`,
  );
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
}

export async function server(engine: string, postgresUrl: string | undefined, env: Record<string, string>): Promise<TestServer> {
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

/**
 * Ingestion under load; `newContacts` sends events of contacts no one has seen (10 events each), the
 * case where each event also creates a contact (bench:automations' A-B-A), else bench:events' shoppers.
 */
export async function ingestion(
  engine: string,
  postgresUrl: string | undefined,
  env: Record<string, string> = {},
  prepare?: Prepare,
  newContacts = false,
) {
  const s = await server(engine, postgresUrl, env);
  try {
    const brand = createBrandAndKey(s.databaseUrl);
    const { key } = brand;
    await prepare?.(s, brand);
    const bodies = () => (newContacts ? newContactBodies(150_000, 15_000) : undefined);
    await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: 3, bodies: bodies() }); // warm-up (JIT, caches)
    const before = await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox"`);
    const started = loadAverage();
    const cpu0 = serverCpuMs(s.process.pid!);
    const result = await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: DURATION_S, bodies: bodies() });
    // the server's CPU per accepted event while taking them (the worker processing meanwhile included)
    const cpuMsPerEvent = (serverCpuMs(s.process.pid!) - cpu0) / Math.max(1, result.accepted);
    const stored = (await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox"`)) - before;
    return { result, stored, cpuMsPerEvent, load: `${started} → ${loadAverage()}` };
  } finally {
    await s.stop();
  }
}

/** 20,000 events for 2,000 new contacts, as fast as accepted, timed until every one is processed. */
export async function endToEnd(engine: string, postgresUrl: string | undefined, prepare?: Prepare) {
  const s = await server(engine, postgresUrl, {});
  try {
    const brand = createBrandAndKey(s.databaseUrl);
    const { key } = brand;
    await prepare?.(s, brand);
    const TOTAL = 20_000;
    const bodies = newContactBodies(TOTAL, 2_000);
    const started = Date.now();
    const loadAtStart = loadAverage();
    const cpu0 = serverCpuMs(s.process.pid!);
    const sent = await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: 600, amount: TOTAL, bodies });
    const acceptedS = (Date.now() - started) / 1000;
    let pending = Infinity;
    while (pending > 0 && Date.now() - started < 300_000) {
      pending = await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`);
      if (pending > 0) await sleep(50);
    }
    const totalS = (Date.now() - started) / 1000;
    const cpuMsPerEvent = (serverCpuMs(s.process.pid!) - cpu0) / Math.max(1, sent.accepted);
    const contacts = await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "Contact"`);
    return {
      accepted: sent.accepted,
      acceptedS,
      totalS,
      p99: sent.p99,
      contacts,
      pending,
      cpuMsPerEvent,
      load: `${loadAtStart} → ${loadAverage()}`,
    };
  } finally {
    await s.stop();
  }
}

/**
 * Runs `measure` for each engine of BENCH_ENGINES (PostgreSQL on TEST_POSTGRES_URL, else a throwaway
 * cluster), under a heading per engine; `after` runs once the engines are done, before the cluster stops.
 */
export async function forEachEngine(
  measure: (engine: string, postgresUrl: string | undefined) => Promise<void>,
  after?: () => Promise<void>,
) {
  const postgres = ENGINES.includes("postgres")
    ? process.env.TEST_POSTGRES_URL
      ? { url: process.env.TEST_POSTGRES_URL, stop: async () => {} }
      : await startThrowawayPostgres()
    : null;
  try {
    for (const engine of ENGINES) {
      console.log(`\n## ${engine === "postgres" ? "PostgreSQL" : "SQLite"}, npm start defaults (worker in process)`);
      await measure(engine, postgres?.url);
    }
    await after?.();
  } finally {
    await postgres?.stop();
  }
}

/** A benchmark's main: exits 0 when it ran and met its targets (process.exitCode, see ./targets), 1 otherwise. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
