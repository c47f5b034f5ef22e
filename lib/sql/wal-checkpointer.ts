// WAL checkpoints off the main thread. A checkpoint copies the WAL back into the database file and
// fsyncs both; run by whichever connection's commit crosses the auto-checkpoint size, it stalls the
// event loop for tens of milliseconds every few hundred commits (every request waits behind it). A
// worker thread with its own connection checkpoints every CHECKPOINT_INTERVAL_MS instead (PASSIVE:
// never waits for readers or writers). The contact writer raises its auto-checkpoint size so its
// commits leave checkpoints to this thread (about 10,000 WAL pages a second at 1,000 upserts/s would
// cross the default 1,000 pages between two rounds), keeping a large size as the safety net.
import { Worker } from "node:worker_threads";

const CHECKPOINT_INTERVAL_MS = 50;
/** The auto-checkpoint size for connections that leave checkpoints to this thread: a safety net only. */
export const DEFERRED_AUTOCHECKPOINT_PAGES = 20_000;

const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 1000 });
setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch (error) { /* busy or locked: next round */ }
}, workerData.intervalMs);
`;

const shared = globalThis as unknown as { inkwellCheckpointer?: Worker };

/**
 * Starts the process's checkpointer for this SQLite file (once); it does not keep the process alive.
 * False when checkpoints stay with the committing connections (INKWELL_WAL_CHECKPOINTER=off).
 */
export function startWalCheckpointer(file: string, driverPath: string): boolean {
  if (process.env.INKWELL_WAL_CHECKPOINTER === "off") return false;
  if (shared.inkwellCheckpointer) return true;
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver: driverPath, intervalMs: CHECKPOINT_INTERVAL_MS } });
  worker.unref();
  worker.on("error", (error) => console.warn("[sqlite] the WAL checkpointer stopped; commits checkpoint themselves again:", error));
  shared.inkwellCheckpointer = worker;
  return true;
}
