// Every SQLite writer connection of a process leaves WAL checkpoints to the checkpointer's thread, the one
// opened on a worker thread too (the server's worker thread commits the inbound store before each 250 and
// the jobs' writes): with SQLite's default auto-checkpoint size, its commits ran checkpoints themselves on
// that thread during a burst of writes (bench:inbound).
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, expect, test } from "vitest";
import { DEFERRED_AUTOCHECKPOINT_PAGES } from "./wal-checkpointer";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

// Run on a worker thread (loaded by tsx, as the server's worker thread is by its bundler): opens the
// process's connections as any code on that thread would, and answers with its writer's auto-checkpoint size.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
require(workerData.tsx).register();
const { openConnections } = require(workerData.module);
const connections = openConnections(workerData.url);
const pages = connections.writer.connection.pragma("wal_autocheckpoint", { simple: true });
connections.close().then(() => parentPort.postMessage(pages));
`;

test("a worker thread's writer connection leaves checkpoints to the checkpointer", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-connections-"));
  dirs.push(dir);
  const script = path.join(dir, "worker.cjs");
  fs.writeFileSync(script, WORKER);
  const worker = new Worker(script, {
    workerData: {
      tsx: createRequire(import.meta.url).resolve("tsx/cjs/api"),
      module: path.join(import.meta.dirname, "connections.ts"),
      url: `file:${path.join(dir, "test.db")}`,
    },
    env: { ...process.env, INKWELL_WAL_CHECKPOINTER: "on" },
  });
  try {
    const pages = await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    expect(pages).toBe(DEFERRED_AUTOCHECKPOINT_PAGES);
  } finally {
    await worker.terminate();
  }
}, 30_000);

/** SQLite's temporary files this process holds open (unlinked at creation, so only /proc/self/fd shows them). */
function openTemporaryFiles(): string[] {
  return fs
    .readdirSync("/proc/self/fd")
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ""; // closed meanwhile
      }
    })
    .filter((target) => target.includes("etilqs_"));
}

// A transaction of the writer's group runs in a savepoint, and a savepoint journals every page it changes
// (the sub-journal); past 64 KiB SQLite spilled it to a temporary file: under a bounce storm four fifths of
// the worker thread's writes, 130 KiB a notice (bench:inbound). In memory, it is a copy, not a system call.
test.runIf(process.platform === "linux")(
  "the writer's savepoints journal in memory, not in a temporary file",
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-connections-"));
    dirs.push(dir);
    const { openConnections } = await import("./connections");
    const connections = openConnections(`file:${path.join(dir, "test.db")}`);
    if (connections.kind !== "sqlite") throw new Error("a file: URL opens SQLite");
    const db = connections.writer.connection;
    try {
      db.exec(`CREATE TABLE "Page" ("id" INTEGER PRIMARY KEY, "body" BLOB)`);
      const before = openTemporaryFiles();
      const insert = db.prepare(`INSERT INTO "Page" ("body") VALUES (?)`);
      db.exec("BEGIN");
      for (let group = 0; group < 4; group++) {
        db.exec(`SAVEPOINT "group${group}"`);
        for (let i = 0; i < 100; i++) insert.run(Buffer.alloc(3000, group));
        db.exec(`UPDATE "Page" SET "body" = zeroblob(3000)`);
        db.exec(`RELEASE "group${group}"`);
      }
      const during = openTemporaryFiles();
      db.exec("COMMIT");
      expect(db.prepare(`SELECT COUNT(*) AS n FROM "Page"`).get()).toEqual({ n: 400 });
      expect(during).toEqual(before);
    } finally {
      await connections.close();
    }
  },
  30_000,
);
