// Profiles the built server under the events load: `node --cpu-prof` on the server process (started
// as scripts/start.ts is by the test server, worker in process as `npm start` runs it), autocannon from
// this one. Usage: tsx scripts/bench/profile-events.ts <profile dir> [seconds]
// With TEST_POSTGRES_URL set (npx tsx scripts/db/with-postgres.ts -- ...), on PostgreSQL.
// PROFILE_SCENARIO=e2e sends 20,000 events for 2,000 new contacts and waits until all are processed
// (default: ingestion for <seconds>). PROFILE_SCENARIO=growth sends PROFILE_ROUNDS (6) rounds of 10,000
// events for 5,000 new contacts each, waiting for each to be processed, and prints the server's CPU per event
// per round: whether ingestion for new contacts gets dearer as the contacts table grows. INKWELL_WORKER=off profiles ingestion alone. PROFILE_WORKFLOWS=5
// enables bench:automations' five workflows first (scripts/bench/five-workflows.ts). PROFILE_KEEP=1 keeps the database.
import path from "node:path";
import { createBrandAndKey, load } from "./bench-helpers";
import { newContactBodies } from "./event-bodies";
import { fiveWorkflows } from "./five-workflows";
import { countRows } from "./inbox-queries";
import { runProfile, startProfiledServer } from "./profiled-server";

const dir = path.resolve(process.argv[2] ?? "profiles");
const seconds = Number(process.argv[3] ?? 10);

async function main() {
  const server = await startProfiledServer({ profileDir: dir, postgres: true });
  const { baseUrl, databaseUrl } = server;
  try {
    const brand = createBrandAndKey(databaseUrl);
    const { key } = brand;
    if (process.env.PROFILE_WORKFLOWS === "5") await fiveWorkflows({ baseUrl, databaseUrl }, brand);
    await load({ url: baseUrl, key, connections: 64, durationS: 3 });
    if (process.env.PROFILE_SCENARIO === "e2e") await drained(databaseUrl);
    if (process.env.PROFILE_SCENARIO === "growth") {
      for (let round = 1; round <= Number(process.env.PROFILE_ROUNDS ?? 6); round++) {
        const cpu0 = server.cpu();
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
        const { all, main } = server.cpu(cpu0);
        const contacts = await countRows(databaseUrl, `SELECT COUNT(*) AS n FROM "Contact"`);
        console.log(
          `round ${round}: ${r.accepted} accepted in ${((Date.now() - t0) / 1000).toFixed(1)} s, p99 ${r.p99} ms; server CPU per event ` +
            `${((1000 * all) / r.accepted).toFixed(0)} µs all threads, ${((1000 * main) / r.accepted).toFixed(0)} µs main thread; ${contacts} contacts`,
        );
      }
      return;
    }
    const before = server.cpu();
    const started = Date.now();
    const r =
      process.env.PROFILE_SCENARIO === "e2e"
        ? await load({ url: baseUrl, key, connections: 64, durationS: 600, amount: 20_000, bodies: newContactBodies(20_000, 2_000) })
        : await load({ url: baseUrl, key, connections: 64, durationS: seconds });
    if (process.env.PROFILE_SCENARIO === "e2e") {
      await drained(databaseUrl);
      console.log(`20,000 events for 2,000 new contacts accepted and processed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const { all, main } = server.cpu(before);
    const perRequest = (ms: number) => Math.round((1000 * ms) / (r.accepted + r.other));
    console.log(
      `${r.requestsPerSecond}/s p50 ${r.p50} p99 ${r.p99} other ${r.other} errors ${r.errors}; ` +
        `server CPU per request: ${perRequest(main)} µs on the main thread, ${perRequest(all)} µs in all threads`,
    );
  } finally {
    await server.stop();
  }
}
async function drained(databaseUrl: string): Promise<void> {
  while ((await countRows(databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`)) > 0)
    await new Promise((r) => setTimeout(r, 50));
}

runProfile(main);
