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
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;

  constructor(private readonly options: { file: string; sql: string; columns: number; synchronous: "FULL" | "NORMAL" }) {}

  /**
   * Inserts rows in one IMMEDIATE transaction. `values` holds the rows' bind values one after the
   * other, `columns` per row in statement order: one flat array is cheaper to post than an array of rows.
   */
  insert(values: SqliteValue[]): Promise<void> {
    const worker = this.thread();
    const id = ++this.seq;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, values });
    });
  }

  // Started on first use, and again after the thread died: its pending commits were refused (5xx).
  private thread(): Worker {
    if (this.worker) return this.worker;
    const driver = createRequire(path.resolve(/*turbopackIgnore: true*/ process.cwd(), "package.json")).resolve("better-sqlite3");
    const worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { ...this.options, driver } });
    worker.unref();
    worker.on("message", ({ id, error }: { id: number; error?: { message: string; code?: string } }) => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (error) waiting.reject(Object.assign(new Error(error.message), { code: error.code }));
      else waiting.resolve();
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the SQLite writer thread exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
