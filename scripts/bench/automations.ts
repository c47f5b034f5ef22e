// `npm run bench:automations`: what automations cost the events path, and how fast due enrollments move,
// on the server as `npm start` runs it (worker in process), on SQLite and on a throwaway PostgreSQL cluster.
// Per engine:
//  1. what 5 enabled event-triggered workflows on the events the load sends (browse and cart abandonment
//     with inactivity, post-purchase with a delay, a filtered high-value-order flow, a page-view flow) cost,
//     as RATIOS to the same run without them (issue 42), measured A-B-A (none, five, none: the ratio is to
//     the mean of the two runs without, so the machine's drift is not read as the workflows' cost):
//     ingestion under load of events for new contacts (target >= 0.85) and end to end for new contacts
//     (target >= 0.8), with the server's CPU per event;
//  2. 100,000 enrollments whose delay ends in the same minute: seeded waiting at a delay, then timed from
//     the end of the delay until every one has run the next block and waits at the following delay
//     (target: within 60 s).
// BENCH_ENGINES, BENCH_DURATION_S as for bench:events; BENCH_DUE=100000 the size of part 2;
// BENCH_PARTS=ingestion,e2e,due the parts run (all by default; e.g. BENCH_PARTS=e2e while iterating).
import { randomBytes } from "node:crypto";
import { databaseKind, sqliteFilePath } from "../../lib/db/url";
import { createBrandAndKey } from "./bench-helpers";
import { endToEnd, forEachEngine, ingestion, loadAverage, runBench, server, sleep } from "./events-load";
import { countRows } from "./inbox-queries";
import { check, everyAcceptedStored, finishedRate, verdict } from "./targets";
import { fiveWorkflows, post, tag, wait } from "./five-workflows";

const DUE = Number(process.env.BENCH_DUE ?? 100_000);
const PARTS = new Set((process.env.BENCH_PARTS ?? "ingestion,e2e,due").split(","));

type Writer = { run(sql: string, rows: unknown[][]): Promise<void>; close(): Promise<void> };

/** A bulk writer into the server's database from this process (the bench seeds what no API makes fast). */
async function writer(databaseUrl: string): Promise<Writer> {
  if (databaseKind(databaseUrl) === "postgres") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      async run(sql, rows) {
        for (let i = 0; i < rows.length; i += 1000) {
          const chunk = rows.slice(i, i + 1000);
          let n = 0;
          const values = chunk.map((r) => `(${r.map(() => `$${++n}`).join(", ")})`).join(", ");
          await client.query(`${sql} VALUES ${values}`, chunk.flat());
        }
      },
      close: () => client.end(),
    };
  }
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(sqliteFilePath(databaseUrl));
  sqlite.pragma("busy_timeout = 30000");
  return {
    async run(sql, rows) {
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        sqlite.prepare(`${sql} VALUES ${chunk.map((r) => `(${r.map(() => "?").join(", ")})`).join(", ")}`).run(...chunk.flat());
      }
    },
    async close() {
      sqlite.close();
    },
  };
}

const hexId = (n: number) =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0") +
  randomBytes(4).toString("hex") +
  n.toString(16).padStart(8, "0");

/** 100,000 enrollments waiting at a delay that ends at one instant; timed until all moved on. */
async function dueInOneMinute(engine: string, postgresUrl: string | undefined) {
  const s = await server(engine, postgresUrl, {});
  try {
    const { brandId, key } = createBrandAndKey(s.databaseUrl);
    const automation = await post(s, key, "/api/automations", {
      name: "Due together",
      trigger: { condition: { event: "due together", origin: "api" } },
      blocks: [wait("first", 1, "m"), tag("moved-on"), wait("second", 1, "d"), tag("done")],
    });
    await post(s, key, `/api/automations/${automation.id}/enable`);
    const [firstDelay] = automation.blocks;
    const postgres = databaseKind(s.databaseUrl) === "postgres";
    const ts = (d: Date) => (postgres ? d.toISOString().replace("Z", "") : d.toISOString().replace("Z", "+00:00"));
    const now = new Date();
    const dueAt = new Date(now.getTime() + 45_000);
    const w = await writer(s.databaseUrl);
    const contacts = Array.from({ length: DUE }, (_, i) => hexId(i));
    const seedStarted = Date.now();
    await w.run(
      `INSERT INTO "Contact" ("id", "brandId", "customProperties", "createdAt", "updatedAt")`,
      contacts.map((id) => [id, brandId, "{}", ts(now), ts(now)]),
    );
    await w.run(
      `INSERT INTO "AutomationEnrollment" ("id", "brandId", "automationId", "contactId", "status", "blockId", "dueAt", "trigger", "triggeredAt", "startedAt", "attempts", "anchorFirstDelay")`,
      contacts.map((contactId, i) => [
        hexId(DUE + i),
        brandId,
        automation.id,
        contactId,
        "active",
        firstDelay.id,
        ts(dueAt),
        JSON.stringify({ eventName: "due together", properties: {} }),
        ts(now),
        ts(now),
        0,
        postgres ? false : 0,
      ]),
    );
    await w.close();
    console.log(
      `  seeded ${DUE} contacts and enrollments in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s; due at ${dueAt.toISOString()}`,
    );
    await sleep(Math.max(0, dueAt.getTime() - Date.now()));
    const loadAtStart = loadAverage();
    const waitingSql = `SELECT COUNT(*) AS n FROM "AutomationEnrollment" WHERE "automationId" = '${automation.id}' AND "blockId" = '${firstDelay.id}'`;
    let waiting = DUE;
    while (waiting > 0 && Date.now() - dueAt.getTime() < 600_000) {
      waiting = await countRows(s.databaseUrl, waitingSql);
      if (waiting > 0) await sleep(250);
    }
    const seconds = (Date.now() - dueAt.getTime()) / 1000;
    const moved = await countRows(
      s.databaseUrl,
      `SELECT COUNT(*) AS n FROM "ContactTag" WHERE "brandId" = '${brandId}' AND "tag" = 'moved-on'`,
    );
    return { seconds, moved, waiting, load: `${loadAtStart} → ${loadAverage()}` };
  } finally {
    await s.stop();
  }
}

type Run = { rate: number; p99: number; cpuMsPerEvent: number };

/** A-B-A of one measure: without, with the five workflows, without again. */
async function abA(label: string, measure: (prepare?: typeof fiveWorkflows) => Promise<Run>) {
  const runs: Run[] = [];
  for (const [name, prepare] of [
    ["none", undefined],
    ["five", fiveWorkflows],
    ["none again", undefined],
  ] as const) {
    const run = await measure(prepare);
    runs.push(run);
    console.log(
      `  ${label}, ${name}: ${Math.round(run.rate)} events/s, p99 ${run.p99} ms, server CPU ${run.cpuMsPerEvent.toFixed(2)} ms per event`,
    );
  }
  const [a1, b, a2] = runs;
  const without = { rate: (a1.rate + a2.rate) / 2, cpu: (a1.cpuMsPerEvent + a2.cpuMsPerEvent) / 2 };
  return { ratio: b.rate / without.rate, cpuRatio: b.cpuMsPerEvent / without.cpu, with: b, without };
}

async function main() {
  console.log(`bench:automations: 5 enabled workflows on the events load; ${DUE} enrollments due together. Load average ${loadAverage()}`);
  await forEachEngine(async (engine, postgresUrl) => {
    const name = engine === "postgres" ? "PostgreSQL" : "SQLite";
    if (PARTS.has("ingestion")) {
      const ingest = await abA("ingestion, new contacts", async (prepare) => {
        const { result, stored, cpuMsPerEvent } = await ingestion(engine, postgresUrl, {}, prepare, true);
        check(everyAcceptedStored(`${name} ingestion`, stored, result.accepted));
        return { rate: result.requestsPerSecond, p99: result.p99, cpuMsPerEvent };
      });
      check({
        label: `${name} ingestion with 5 workflows / without (A-B-A)`,
        value: ingest.ratio,
        target: 0.85,
        detail: `${Math.round(ingest.with.rate)} / ${Math.round(ingest.without.rate)} events/s; CPU per event x${ingest.cpuRatio.toFixed(2)}`,
      });
    }
    if (PARTS.has("e2e")) {
      const e2e = await abA("end to end, 20,000 events for 2,000 new contacts", async (prepare) => {
        const run = await endToEnd(engine, postgresUrl, prepare);
        console.log(`    accepted in ${run.acceptedS.toFixed(1)} s, all processed in ${run.totalS.toFixed(1)} s; load ${run.load}`);
        // A run cut off with events pending has no rate: its A-B-A ratio is missed, not skewed.
        check({ label: `${name} end to end: events left pending at the time limit`, value: run.pending, target: 0, atMost: true });
        return { rate: finishedRate(run.accepted, run.totalS, run.pending), p99: run.p99, cpuMsPerEvent: run.cpuMsPerEvent };
      });
      check({
        label: `${name} end to end with 5 workflows / without (A-B-A)`,
        value: e2e.ratio,
        target: 0.8,
        detail: `${Math.round(e2e.with.rate)} / ${Math.round(e2e.without.rate)} events/s; CPU per event x${e2e.cpuRatio.toFixed(2)}`,
      });
    }
    if (DUE > 0 && PARTS.has("due")) {
      const due = await dueInOneMinute(engine, postgresUrl);
      console.log(
        `${DUE} enrollments due in the same minute: all moved on ${due.seconds.toFixed(1)} s after their delay ended (${due.moved} ran the next block, ${due.waiting} still waiting); load ${due.load}`,
      );
      check({ label: `${name} ${DUE} due enrollments moved on`, value: due.seconds, target: 60, atMost: true, unit: " s" });
    }
  });
  verdict();
}

runBench(main);
