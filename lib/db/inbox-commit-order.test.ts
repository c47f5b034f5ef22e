// The events inbox (lib/events/event-store.ts) on the one writer of this engine, as the worker thread runs it:
// here because the test needs the engine's writer, which only lib/db may name.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MessageChannel } from "node:worker_threads";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteWriter } from "./sqlite-writer";
import { InboxAppender, type InboxRow } from "@/lib/events/event-store";

let dir: string;
let connection: Database.Database;
let writer: SqliteWriter;
let channel: MessageChannel;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-appender-"));
  connection = new Database(path.join(dir, "test.db"), { timeout: 0 });
  connection.pragma("journal_mode = WAL");
  connection.exec(`CREATE TABLE "Item" ("name" TEXT PRIMARY KEY)`);
  writer = new SqliteWriter(connection, null);
  channel = new MessageChannel();
});

afterEach(() => {
  channel.port1.close();
  channel.port2.close();
  connection.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const row = (id: string) => ({ id }) as InboxRow;

describe("InboxAppender.appendAll", () => {
  it("commits a message's rows ahead of the background transaction queued after the one running", async () => {
    const committed: string[] = [];
    const appender = new InboxAppender({ maxBatch: 500, windowMs: 0, maxInFlight: 2, durable: false }, (rows) =>
      writer.transaction(
        async (tx) => {
          for (const r of rows) await tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, [r.id]);
          committed.push(rows.map((r) => r.id).join("+"));
        },
        { urgent: true },
      ),
    );
    // The worker thread's side of the request thread's messages (lib/events/inbox-thread.ts serveInbox).
    const appended = new Promise<void>((resolve) =>
      channel.port2.on("message", (ids: string[]) => void Promise.all(appender.appendAll(ids.map(row))).then(() => resolve())),
    );
    // The events worker's chunks: each queued as the previous one commits (lib/events/worker/process-batch.ts);
    // the request thread's message arrives while the first one runs.
    for (let chunk = 1; chunk <= 3; chunk++) {
      await writer.transaction(async (tx) => {
        await tx.run(`INSERT INTO "Item" ("name") VALUES (?)`, [`chunk${chunk}`]);
        if (chunk === 1) channel.port1.postMessage(["e1", "e2"]);
        committed.push(`chunk${chunk}`);
      });
    }
    await appended;
    expect(committed.indexOf("e1+e2")).toBeGreaterThan(-1);
    expect(committed.indexOf("e1+e2")).toBeLessThan(committed.indexOf("chunk2"));
  });
});
