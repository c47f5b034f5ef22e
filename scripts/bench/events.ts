// `npm run bench:events`: POST /api/events on the deployment people run: the built server as `npm start`
// starts it (worker in process), on SQLite and on a throwaway PostgreSQL cluster, as a RATIO to the bare
// baseline of the same run (issue 42): a minimal node:http + JSON + SQLite insert server
// (scripts/bench/minimal-ingest-server.ts), measured before and after the engines (their mean is the
// baseline, so the machine's drift during the run falls on both sides). Prints, per engine:
//  1. ingestion under load while the in-process worker processes what arrives: its ratio to the baseline
//     first (targets: >= 0.35 on SQLite, >= 0.3 on PostgreSQL, p99 < 50 ms), accepted events/s, latency,
//     the server's CPU per event, and whether every 202 was stored;
//  2. end to end for new contacts: 20,000 events for 2,000 contacts no one has seen, sent as fast as the
//     server takes them, timed until the last one is processed (accepted and processed per second);
// then a summary of the checks; the exit code is 1 when a target is missed.
// BENCH_ENGINES=sqlite|postgres|sqlite,postgres (default both), BENCH_DURATION_S (default 15),
// BENCH_SECONDARY=on adds ingestion with the worker off.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/api/setup/test-server";
import { load, type LoadResult } from "./bench-helpers";
import { CONNECTIONS, DURATION_S, endToEnd, forEachEngine, ingestion, loadAverage, runBench, show } from "./events-load";
import { check, everyAcceptedStored, finishedRate, verdict } from "./targets";

const root = path.resolve(import.meta.dirname, "../..");

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

/** Ratio targets of issue 42, per engine. */
const TARGETS: Record<string, number> = { sqlite: 0.35, postgres: 0.3 };

async function main() {
  console.log(
    `POST /api/events: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  const before = await minimalServer();
  show("bare baseline (node:http + JSON + SQLite insert), before", before);
  const results: { engine: string; rate: number; p99: number }[] = [];
  await forEachEngine(async (engine, postgresUrl) => {
    const { result, stored, cpuMsPerEvent, load } = await ingestion(engine, postgresUrl);
    console.log(
      `ratio ${(result.requestsPerSecond / before.requestsPerSecond).toFixed(2)} of the bare baseline measured before (the summary uses before and after)`,
    );
    show("ingestion with the worker processing", result);
    console.log(`  server CPU ${cpuMsPerEvent.toFixed(2)} ms per accepted event (loaded machine); load ${load}`);
    check(everyAcceptedStored(`${engine} ingestion`, stored, result.accepted));
    results.push({ engine, rate: result.requestsPerSecond, p99: result.p99 });
    const e2e = await endToEnd(engine, postgresUrl);
    check({ label: `${engine} end to end: events left pending at the time limit`, value: e2e.pending, target: 0, atMost: true });
    console.log(
      `end to end, 20,000 events for 2,000 new contacts: ${Math.round(finishedRate(e2e.accepted, e2e.totalS, e2e.pending))} events/s accepted and processed ` +
        `(all accepted in ${e2e.acceptedS.toFixed(1)} s, all processed in ${e2e.totalS.toFixed(1)} s; accept p99 ${e2e.p99} ms; ` +
        `server CPU ${e2e.cpuMsPerEvent.toFixed(2)} ms per event; ${e2e.contacts} contacts; ${e2e.pending} still pending); load ${e2e.load}`,
    );
    if (process.env.BENCH_SECONDARY === "on") {
      const off = await ingestion(engine, postgresUrl, { INKWELL_WORKER: "off" });
      show("secondary: ingestion with the worker off", off.result);
    }
  });
  const after = await minimalServer();
  show("\nbare baseline, after", after);
  const baseline = (before.requestsPerSecond + after.requestsPerSecond) / 2;
  console.log(`\nRatios to the bare baseline of this run (${Math.round(baseline)} accepted/s, mean of before and after):`);
  for (const r of results) {
    const name = r.engine === "postgres" ? "PostgreSQL" : "SQLite";
    check({
      label: `${name} ingestion / bare baseline`,
      value: r.rate / baseline,
      target: TARGETS[r.engine] ?? 0.35,
      detail: `${r.rate} / ${Math.round(baseline)} accepted/s`,
    });
    check({ label: `${name} ingestion p99`, value: r.p99, target: 50, atMost: true, unit: " ms" });
  }
  verdict();
}

runBench(main);
