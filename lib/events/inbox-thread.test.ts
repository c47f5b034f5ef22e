import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import type { InboxRow } from "./event-store";
import { serveTurnBatches } from "@/lib/process/turn-batches";
import { inboxRowFromWire, ThreadInbox, type WireRow } from "./inbox-thread";

const row = (id: string): InboxRow => ({
  id,
  brandId: "b".repeat(24),
  eventName: "placed order",
  eventVersion: "v2",
  origin: "api",
  originInIdentity: true,
  eventID: null,
  eventTime: new Date("2026-11-01T10:00:00Z"),
  receivedAt: new Date("2026-11-01T10:00:01Z"),
  historical: false,
  payload: "{}",
});

let channel: MessageChannel;
afterEach(() => {
  channel.port1.close();
  channel.port2.close();
});

describe("ThreadInbox", () => {
  it("sends the rows of one turn in one message and settles each by its own answer", async () => {
    channel = new MessageChannel();
    const received: InboxRow[][] = [];
    // The worker thread's side: refuses the row with id "bad".
    serveTurnBatches<WireRow, void>(channel.port2, (wire) => {
      const rows = wire.map(inboxRowFromWire);
      received.push(rows);
      return rows.map((r) => (r.id === "bad" ? Promise.reject(new Error("disk I/O error")) : Promise.resolve()));
    });
    const inbox = new ThreadInbox(channel.port1);
    const outcomes = await Promise.allSettled([inbox.append(row("a")), inbox.append(row("bad")), inbox.append(row("c"))]);
    expect(received).toHaveLength(1);
    expect(received[0].map((r) => r.id)).toEqual(["a", "bad", "c"]);
    expect(received[0][0]).toEqual(row("a"));
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe("the events inbox refused the event: disk I/O error");
    await inbox.drain();
  });

  it("fails every append not yet answered when the thread is gone, and drains", async () => {
    channel = new MessageChannel();
    channel.port2.on("message", () => {}); // never answers
    const inbox = new ThreadInbox(channel.port1);
    const pending = inbox.append(row("a"));
    await new Promise((resolve) => setImmediate(resolve));
    const queued = inbox.append(row("b"));
    inbox.fail(new Error("the worker thread exited"));
    await expect(pending).rejects.toThrow("the worker thread exited");
    await expect(queued).rejects.toThrow("the worker thread exited");
    await inbox.drain();
  });
});
