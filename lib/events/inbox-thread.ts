// Accepted events committed by the server's worker thread (lib/process/worker-thread.ts), where the
// database takes one writer at a time (lib/db/capabilities.ts needsSingleWriterThread).
// With the events worker on a thread of its own (its own connection), the request thread's inbox commits
// and the worker's transactions took turns on the file's one write lock, and a request waited for a
// worker transaction (tens of ms under load) by polling the lock. The worker thread commits the inbox
// instead, in its own group commit, ahead of its background work (the urgent lane of lib/db's one
// writer); the request thread only hands it the rows through lib/process/turn-batches.ts: one message per
// turn of its event loop, answered after the commit (and its fsync) with one result per row. A row whose
// answer never comes back (the thread died) fails, and its request gets a 5xx, never a 202.
import type { MessagePort } from "node:worker_threads";
import { serveTurnBatches, TurnBatchSender } from "@/lib/process/turn-batches";
import { localInbox, type Inbox, type InboxRow } from "./event-store";

/**
 * Messages to the worker thread awaiting their commit: as many as its appender commits at once
 * (lib/db/capabilities.ts commitsInFlight for a one-writer database); what arrives meanwhile goes in the next message.
 */
const MESSAGES_IN_FLIGHT = 2;

/**
 * A row as it crosses threads: an array of primitives, the dates as epoch milliseconds. Structured clone
 * copies an array of primitives for less than an object with two Date fields (postMessage was ~6% of the
 * request thread).
 */
export type WireRow = [string, string, string, string | null, string, boolean, string | null, number, number, boolean, string];

export function inboxRowToWire(r: InboxRow): WireRow {
  return [
    r.id,
    r.brandId,
    r.eventName,
    r.eventVersion,
    r.origin,
    r.originInIdentity,
    r.eventID,
    r.eventTime.getTime(),
    r.receivedAt.getTime(),
    r.historical,
    r.payload,
  ];
}

export function inboxRowFromWire(w: WireRow): InboxRow {
  const [id, brandId, eventName, eventVersion, origin, originInIdentity, eventID, eventTime, receivedAt, historical, payload] = w;
  return {
    id,
    brandId,
    eventName,
    eventVersion,
    origin,
    originInIdentity,
    eventID,
    eventTime: new Date(eventTime),
    receivedAt: new Date(receivedAt),
    historical,
    payload,
  };
}

/** The request thread's side: appends go to the worker thread through `port`. */
export class ThreadInbox implements Inbox {
  private readonly channel: TurnBatchSender<WireRow, void>;

  constructor(port: MessagePort) {
    this.channel = new TurnBatchSender(port, "the events inbox refused the event", MESSAGES_IN_FLIGHT);
  }

  append(row: InboxRow): Promise<void> {
    return this.channel.call(inboxRowToWire(row));
  }

  /** The worker thread is gone: every append not yet answered fails. */
  fail(error: Error): void {
    this.channel.fail(error);
  }

  drain(): Promise<void> {
    return this.channel.drain();
  }
}

/** The worker thread's side: commits what the request thread sends, answering once it is durable. */
export function serveInbox(port: MessagePort): void {
  serveTurnBatches<WireRow, void>(port, (rows) => localInbox().appendAll(rows.map(inboxRowFromWire)));
}
