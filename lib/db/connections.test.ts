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
