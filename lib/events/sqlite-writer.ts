// The SQLite inbox writer runs on a worker thread with its own connection. better-sqlite3 is
// synchronous, and with `synchronous = FULL` every commit waits for an fsync of the WAL (milliseconds
// on a busy disk); on the main thread that wait froze every other request. Here the event loop keeps
// reading, validating and authenticating requests while a batch commits, and the next batch gathers
// meanwhile. A commit's promise settles only when the thread reports the transaction committed (or
// failed), so a 202 still means "durably stored".
import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import path from "node:path";

export type SqliteValue = string | number | null;

// Plain CommonJS: the thread is started from this string, so no bundler or TypeScript loader is involved.
const WRITER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const sqlite = new Database(workerData.file, { timeout: 0 });
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("synchronous = " + workerData.synchronous);
const statement = sqlite.prepare(workerData.sql);
const width = workerData.columns;
const insertAll = sqlite.transaction((values) => {
  for (let i = 0; i < values.length; i += width) statement.run(values.slice(i, i + width));
});
parentPort.on("message", ({ id, values }) => {
  try {
    insertAll.immediate(values);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

type Pending = { resolve: () => void; reject: (error: Error) => void };

export class SqliteWriterThread {
  // Each thread has its own pending commits: a dying thread refuses only its own, never those of the
  // thread started after it (an `exit` can arrive after a replacement took new work).
  private current: { worker: Worker; pending: Map<number, Pending> } | undefined;
  private seq = 0;

  constructor(private readonly options: { file: string; sql: string; columns: number; synchronous: "FULL" | "NORMAL" }) {}

  /**
   * Inserts rows in one IMMEDIATE transaction. `values` holds the rows' bind values one after the
   * other, `columns` per row in statement order: one flat array is cheaper to post than an array of rows.
   */
  insert(values: SqliteValue[]): Promise<void> {
    const { worker, pending } = this.thread();
    const id = ++this.seq;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, values });
    });
  }

  // Started on first use, and again after the thread died: its pending commits were refused (5xx).
  private thread(): { worker: Worker; pending: Map<number, Pending> } {
    if (this.current) return this.current;
    const driver = createRequire(path.resolve(/*turbopackIgnore: true*/ process.cwd(), "package.json")).resolve("better-sqlite3");
    const pending = new Map<number, Pending>();
    const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { ...this.options, driver } });
    worker.unref();
    worker.on("message", ({ id, error }: { id: number; error?: { message: string; code?: string } }) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      if (error) waiting.reject(Object.assign(new Error(error.message), { code: error.code }));
      else waiting.resolve();
    });
    const fail = (error: Error) => {
      if (this.current?.worker === worker) this.current = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the SQLite writer thread exited (${code})`)));
    this.current = { worker, pending };
    return this.current;
  }
}
