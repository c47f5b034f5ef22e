// WAL checkpoints off the main thread. A checkpoint copies the WAL back into the database file and
// fsyncs both; run by whichever connection's commit crosses the auto-checkpoint size, it stalls the
// event loop for tens of milliseconds every few hundred commits (every request waits behind it). A
// worker thread with its own connection checkpoints every CHECKPOINT_INTERVAL_MS instead (PASSIVE:
// never waits for readers or writers), so the WAL rarely reaches the size where a commit on the main
// thread would checkpoint. Connections keep their auto-checkpoint as the safety net.
import { Worker } from "node:worker_threads";

const CHECKPOINT_INTERVAL_MS = 200;

const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 1000 });
setInterval(() => {
  try { db.pragma("wal_checkpoint(PASSIVE)"); } catch (error) { /* busy or locked: next round */ }
}, workerData.intervalMs);
`;

const shared = globalThis as unknown as { inkwellCheckpointer?: Worker };

/** Starts the process's checkpointer for this SQLite file (once); it does not keep the process alive. */
export function startWalCheckpointer(file: string, driverPath: string): void {
  if (shared.inkwellCheckpointer || process.env.INKWELL_WAL_CHECKPOINTER === "off") return;
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver: driverPath, intervalMs: CHECKPOINT_INTERVAL_MS } });
  worker.unref();
  worker.on("error", (error) => console.warn("[sqlite] the WAL checkpointer stopped; commits checkpoint themselves again:", error));
  shared.inkwellCheckpointer = worker;
}
