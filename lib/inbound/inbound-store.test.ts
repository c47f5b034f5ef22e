// The inbound group commit (inbound-store.ts): mail stored in the same turn of the event loop goes in one
// statement, each caller settles after it (or fails with it), and a batch of large messages is split.
import { MessageChannel } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { InboundAppender, type InboundRow } from "./inbound-store";
import { serveInboundStore, ThreadInboundStore } from "./inbound-thread";

const row = (n: number, bytes = 10): InboundRow => ({
  id: String(n).padStart(24, "0"),
  recipient: `bounce-${n}@bounces.test`,
  sender: "",
  via: "smtp",
  raw: Buffer.alloc(bytes),
  receivedAt: new Date(),
});

describe("InboundAppender", () => {
  it("commits what arrives in one turn in one statement, and settles each caller after it", async () => {
    const statements: string[][] = [];
    const appender = new InboundAppender(1, async (rows) => {
      statements.push(rows.map((r) => r.id));
    });
    await Promise.all(Array.from({ length: 8 }, (_, i) => appender.store([row(i)])));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toHaveLength(8);
  });

  it("fails every caller of a statement that fails, and the next turn's callers commit on their own", async () => {
    let calls = 0;
    const appender = new InboundAppender(1, async () => {
      if (calls++ === 0) throw new Error("disk full");
    });
    const first = await Promise.allSettled([appender.store([row(1)]), appender.store([row(2)])]);
    expect(first.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    await expect(appender.store([row(3)])).resolves.toBeUndefined();
  });

  it("splits a batch over 16 MB of mail into statements (at least one caller each)", async () => {
    const sizes: number[] = [];
    const appender = new InboundAppender(1, async (rows) => {
      sizes.push(rows.length);
    });
    await Promise.all(Array.from({ length: 5 }, (_, i) => appender.store([row(i, 6 * 1024 * 1024)])));
    expect(sizes).toEqual([2, 2, 1]);
  });
});

describe("the worker thread's side (inbound-thread.ts)", () => {
  it("starts the statement of each message from the listener's thread at once, while earlier ones still commit", async () => {
    const { port1, port2 } = new MessageChannel();
    const started: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // At most one statement in flight for the thread's own callers (store()): the listener's do not wait for it.
    serveInboundStore(
      port2,
      new InboundAppender(1, async (rows) => {
        started.push(rows.length);
        await held;
      }),
    );
    const sender = new ThreadInboundStore(port1);
    try {
      const first = sender.store([row(1)]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const next = Promise.all([sender.store([row(2)]), sender.store([row(3)])]);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The second message's two stores went in one statement, started before the first committed (before: after it).
      expect(started).toEqual([1, 2]);
      release();
      await Promise.all([first, next]);
    } finally {
      port1.close();
      port2.close();
    }
  });
});
