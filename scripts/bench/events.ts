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
import { freePort } from "../../tests/api/setup/test-server";
import { load, type LoadResult } from "./bench-helpers";
import { CONNECTIONS, DURATION_S, endToEnd, ENGINES, forEachEngine, ingestion, loadAverage, runBench, show } from "./events-load";

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

async function main() {
  console.log(
    `POST /api/events: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${os.cpus().length} cores, load average ${loadAverage()}`,
  );
  await forEachEngine(
    async (engine, postgresUrl) => {
      const { result, stored, load } = await ingestion(engine, postgresUrl);
      show("ingestion with the worker processing", result);
      console.log(
        `  every 202 stored: ${stored >= result.accepted ? "yes" : "NO"} (${stored} rows for ${result.accepted} accepted); load ${load}`,
      );
      const e2e = await endToEnd(engine, postgresUrl);
      console.log(
        `end to end, 20,000 events for 2,000 new contacts: ${Math.round(e2e.accepted / e2e.totalS)} events/s accepted and processed ` +
          `(all accepted in ${e2e.acceptedS.toFixed(1)} s, all processed in ${e2e.totalS.toFixed(1)} s; accept p99 ${e2e.p99} ms; ` +
          `${e2e.contacts} contacts; ${e2e.pending} still pending); load ${e2e.load}`,
      );
      if (process.env.BENCH_SECONDARY !== "off") {
        const off = await ingestion(engine, postgresUrl, { INKWELL_WORKER: "off" });
        show("secondary: ingestion with the worker off", off.result);
      }
    },
    async () => {
      if (ENGINES.includes("sqlite") && process.env.BENCH_SECONDARY !== "off")
        show("\nsecondary: minimal node:http + SQLite insert", await minimalServer());
    },
  );
}

runBench(main);
