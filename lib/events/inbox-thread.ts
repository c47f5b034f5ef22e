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

/** The request thread's side: appends go to the worker thread through `port`. */
export class ThreadInbox implements Inbox {
  private readonly channel: TurnBatchSender<InboxRow, void>;

  constructor(port: MessagePort) {
    this.channel = new TurnBatchSender(port, "the events inbox refused the event");
  }

  append(row: InboxRow): Promise<void> {
    return this.channel.call(row);
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
  serveTurnBatches<InboxRow, void>(port, (rows) => {
    const inbox = localInbox();
    return rows.map((row) => inbox.append(row));
  });
}
