// Profiles the built server under the events load: `node --cpu-prof` on the server process (started
// as scripts/start.ts is by the test server, worker in process as `npm start` runs it), autocannon from
// this one. Usage: tsx scripts/bench/profile-events.ts <profile dir> [seconds]
// With TEST_POSTGRES_URL set (npx tsx scripts/db/with-postgres.ts -- ...), on PostgreSQL.
// PROFILE_SCENARIO=e2e sends 20,000 events for 2,000 new contacts and waits until all are processed
// (default: ingestion for <seconds>). PROFILE_SCENARIO=growth sends PROFILE_ROUNDS (6) rounds of 10,000
// events for 5,000 new contacts each, waiting for each to be processed, and prints the server's CPU per event
// per round: whether ingestion for new contacts gets dearer as the contacts table grows. INKWELL_WORKER=off profiles ingestion alone. PROFILE_WORKFLOWS=5
// enables bench:automations' five workflows first (scripts/bench/five-workflows.ts). PROFILE_KEEP=1 keeps the database.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, freshDatabaseUrl } from "../../tests/api/setup/test-server";
import { createBrandAndKey, load } from "./bench-helpers";
import { newContactBodies } from "./event-bodies";
import { fiveWorkflows } from "./five-workflows";
import { countRows } from "./inbox-queries";

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.resolve(process.argv[2] ?? "profiles");
const seconds = Number(process.argv[3] ?? 10);

/** User + system CPU time (ms) of a process (all its threads) or of its main thread, from /proc (Linux). */
function cpuMs(pid: number, mainThread = false): number {
  const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

async function main() {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-profile-"));
  // TEST_POSTGRES_URL (scripts/db/with-postgres.ts): a fresh database in that cluster instead of SQLite.
  const databaseUrl = process.env.TEST_POSTGRES_URL ? (await freshDatabaseUrl("profile")).url : `file:${path.join(data, "inkwell.db")}`;
  const port = await freePort();
  // SIGTERM: the server's own shutdown (lib/process/lifecycle.ts) stops the worker thread, then exits
  // with 0, so --cpu-prof writes a profile for each thread.
  // NO_PROFILE=1 measures only the server's CPU time per request (less perturbed than throughput on a
  // shared machine).
  const profile = process.env.NO_PROFILE ? [] : ["--cpu-prof", `--cpu-prof-dir=${dir}`];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "-e", `import("./scripts/start.ts")`], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: "profile-secret-not-for-production",
      NODE_ENV: "production",
      INKWELL_WORKER: process.env.INKWELL_WORKER ?? "on",
      RATE_LIMIT_PER_MINUTE: "1000000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited");
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    const brand = createBrandAndKey(databaseUrl);
    const { key } = brand;
    if (process.env.PROFILE_WORKFLOWS === "5") await fiveWorkflows({ baseUrl, databaseUrl }, brand);
    await load({ url: baseUrl, key, connections: 64, durationS: 3 });
    if (process.env.PROFILE_SCENARIO === "e2e") await drained(databaseUrl);
    if (process.env.PROFILE_SCENARIO === "growth") {
      for (let round = 1; round <= Number(process.env.PROFILE_ROUNDS ?? 6); round++) {
        const cpu0 = [cpuMs(child.pid!), cpuMs(child.pid!, true)];
        const t0 = Date.now();
        const r = await load({
          url: baseUrl,
          key,
          connections: 64,
          durationS: 600,
          amount: 10_000,
          bodies: newContactBodies(10_000, 5_000),
        });
        await drained(databaseUrl);
        const [all, main] = [cpuMs(child.pid!) - cpu0[0], cpuMs(child.pid!, true) - cpu0[1]];
        const contacts = await countRows(databaseUrl, `SELECT COUNT(*) AS n FROM "Contact"`);
        console.log(
          `round ${round}: ${r.accepted} accepted in ${((Date.now() - t0) / 1000).toFixed(1)} s, p99 ${r.p99} ms; server CPU per event ` +
            `${((1000 * all) / r.accepted).toFixed(0)} µs all threads, ${((1000 * main) / r.accepted).toFixed(0)} µs main thread; ${contacts} contacts`,
        );
      }
      return;
    }
    const before = [cpuMs(child.pid!), cpuMs(child.pid!, true)];
    const started = Date.now();
    const r =
      process.env.PROFILE_SCENARIO === "e2e"
        ? await load({ url: baseUrl, key, connections: 64, durationS: 600, amount: 20_000, bodies: newContactBodies(20_000, 2_000) })
        : await load({ url: baseUrl, key, connections: 64, durationS: seconds });
    if (process.env.PROFILE_SCENARIO === "e2e") {
      await drained(databaseUrl);
      console.log(`20,000 events for 2,000 new contacts accepted and processed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const [all, main] = [cpuMs(child.pid!) - before[0], cpuMs(child.pid!, true) - before[1]];
    const perRequest = (ms: number) => Math.round((1000 * ms) / (r.accepted + r.other));
    console.log(
      `${r.requestsPerSecond}/s p50 ${r.p50} p99 ${r.p99} other ${r.other} errors ${r.errors}; ` +
        `server CPU per request: ${perRequest(main)} µs on the main thread, ${perRequest(all)} µs in all threads`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    // PROFILE_KEEP=1 keeps the database (its path is printed) for EXPLAIN QUERY PLAN on a grown file.
    if (process.env.PROFILE_KEEP) console.log(`database kept: ${databaseUrl}`);
    else fs.rmSync(data, { recursive: true, force: true });
  }
}
async function drained(databaseUrl: string): Promise<void> {
  while ((await countRows(databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`)) > 0)
    await new Promise((r) => setTimeout(r, 50));
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
);
