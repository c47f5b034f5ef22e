// WAL checkpoints off the main thread. A checkpoint copies the WAL back into the database file and
// fsyncs both; run by whichever connection's commit crosses the auto-checkpoint size, it stalls the
// event loop for tens of milliseconds every few hundred commits (every request waits behind it). A
// worker thread with its own connection checkpoints every CHECKPOINT_INTERVAL_MS instead (PASSIVE:
// never waits for readers or writers), and the writer connection raises its auto-checkpoint size so
// its commits leave checkpoints to this thread, keeping a large size as the safety net. The thread also
// keeps the planner's statistics up to date (PRAGMA optimize).
import { Worker } from "node:worker_threads";

const CHECKPOINT_INTERVAL_MS = 50;
// Every 30 s: a round that finds nothing grown tenfold reads only each table's size, and a server started on a
// new database must not plan for its first few rows for long (bench:events and bench:inbound grew tables from
// 50 to 30,000 rows in a minute while the planner scanned them).
const OPTIMIZE_INTERVAL_MS = 30_000;
/** The auto-checkpoint size for connections that leave checkpoints to this thread: a safety net only. */
export const DEFERRED_AUTOCHECKPOINT_PAGES = 20_000;

// Plain CommonJS: the thread is started from this string, so no bundler or TypeScript loader is involved.
const WORKER_SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 1000 });
const timer = setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch (error) { /* busy or locked: next round */ }
}, workerData.intervalMs);
// Planner statistics (sqlite_stat1): checked at start and then every round; PRAGMA optimize analyzes only the
// tables whose size changed tenfold, with a bounded sample, so a round is cheap. Always with 0x10000 (check
// every table): without it optimize considers only the tables this connection's own queries used, and this
// connection queries none, so the rounds did nothing and the statistics of a new database's first rows stayed.
const optimize = () => { try { db.pragma("optimize=0x10002"); } catch (error) { /* busy or locked: next round */ } };
optimize();
const optimizer = setInterval(optimize, workerData.optimizeIntervalMs);
parentPort.on("message", (message) => {
  if (message === "stop") { clearInterval(timer); clearInterval(optimizer); optimize(); try { db.pragma("wal_checkpoint(TRUNCATE)"); } catch {} db.close(); process.exit(0); }
});
`;

/** Starts a checkpointer for this SQLite file; it does not keep the process alive. */
export function startWalCheckpointer(
  file: string,
  driverPath: string,
  optimizeIntervalMs = OPTIMIZE_INTERVAL_MS,
): { stop(): Promise<void> } {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver: driverPath, intervalMs: CHECKPOINT_INTERVAL_MS, optimizeIntervalMs },
  });
  worker.unref();
  worker.on("error", (error) => console.warn("[sqlite] the WAL checkpointer stopped; commits checkpoint themselves again:", error));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once("exit", () => resolve());
        worker.ref(); // keep the process alive until the thread has checkpointed and closed
        worker.postMessage("stop");
        setTimeout(() => void worker.terminate().then(() => resolve()), 2000).unref();
      }),
  };
}
