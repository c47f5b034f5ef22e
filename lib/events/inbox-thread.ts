// Accepted events committed by the server's worker thread (lib/process/worker-thread.ts), where the
// database takes one writer at a time (lib/db/capabilities.ts needsSingleWriterThread).
// With the events worker on a thread of its own (its own connection), the request thread's inbox commits
// and the worker's transactions took turns on the file's one write lock, and a request waited for a
// worker transaction (tens of ms under load) by polling the lock. The worker thread commits the inbox
// instead, in its own group commit, ahead of its background work (the urgent lane of lib/db's one
// writer); the request thread only hands it the rows: one message per turn of its
// event loop, answered after the commit (and its fsync) with one result per row. A row whose answer
// never comes back (the thread died) fails, and its request gets a 5xx, never a 202.
import type { MessagePort } from "node:worker_threads";
import { localInbox, type Inbox, type InboxRow } from "./event-store";

type Request = { id: number; rows: InboxRow[] };
/** Per row: null when committed, else the error's message. */
type Answer = { id: number; errors: (string | null)[] };
type Pending = { resolve: () => void; reject: (error: unknown) => void };

/** The request thread's side: appends go to the worker thread through `port`. */
export class ThreadInbox implements Inbox {
  private queue: { row: InboxRow; pending: Pending }[] = [];
  private sent = new Map<number, Pending[]>();
  private nextId = 1;
  private scheduled = false;

  constructor(private readonly port: MessagePort) {
    port.on("message", (answer: Answer) => this.settle(answer));
  }

  append(row: InboxRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, pending: { resolve, reject } });
      if (this.scheduled) return;
      this.scheduled = true;
      // Everything accepted in this turn of the event loop travels in one message.
      setImmediate(() => this.send());
    });
  }

  private send(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const id = this.nextId++;
    this.sent.set(
      id,
      batch.map((b) => b.pending),
    );
    try {
      this.port.postMessage({ id, rows: batch.map((b) => b.row) } satisfies Request);
    } catch (error) {
      this.sent.delete(id);
      for (const b of batch) b.pending.reject(error);
    }
  }

  private settle({ id, errors }: Answer): void {
    const pending = this.sent.get(id);
    if (!pending) return;
    this.sent.delete(id);
    pending.forEach((p, i) => (errors[i] === null ? p.resolve() : p.reject(new Error(`the events inbox refused the event: ${errors[i]}`))));
  }

  /** The worker thread is gone: every append not yet answered fails. */
  fail(error: Error): void {
    for (const pending of this.sent.values()) for (const p of pending) p.reject(error);
    this.sent.clear();
    for (const b of this.queue.splice(0)) b.pending.reject(error);
  }

  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.sent.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The worker thread's side: commits what the request thread sends, answering once it is durable. */
export function serveInbox(port: MessagePort): void {
  port.on("message", ({ id, rows }: Request) => {
    const inbox = localInbox();
    void Promise.allSettled(rows.map((row) => inbox.append(row))).then((outcomes) => {
      const errors = outcomes.map((o) =>
        o.status === "fulfilled" ? null : o.reason instanceof Error ? o.reason.message : String(o.reason),
      );
      port.postMessage({ id, errors } satisfies Answer);
    });
  });
}
