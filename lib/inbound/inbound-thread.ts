// Accepted mail committed by the server's worker thread where the database takes one writer at a time
// (./inbound-store.ts says why), as the events inbox is (lib/events/inbox-thread.ts): the listener's thread
// hands the rows over, one message per turn of its event loop, and each store settles after the worker's
// durable commit. A store whose answer never comes back (the thread died) fails, and its sender gets a
// 451, never a 250.
import type { MessagePort } from "node:worker_threads";
import { localInboundStore, type InboundRow, type InboundStore } from "./inbound-store";

/** The rows of every store in the turn, each naming its store (`group`), so the answers stay per caller. */
type Request = { id: number; rows: (InboundRow & { group: number })[] };
/** Per store: null when committed, else the error's message. */
type Answer = { id: number; errors: (string | null)[] };
type Pending = { resolve: () => void; reject: (error: unknown) => void };

/** The listener thread's side. */
export class ThreadInboundStore implements InboundStore {
  private queue: { rows: InboundRow[]; pending: Pending }[] = [];
  private sent = new Map<number, Pending[]>();
  private nextId = 1;
  private scheduled = false;

  constructor(private readonly port: MessagePort) {
    port.on("message", (answer: Answer) => this.settle(answer));
  }

  store(rows: InboundRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ rows, pending: { resolve, reject } });
      if (this.scheduled) return;
      this.scheduled = true;
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
      this.port.postMessage({ id, rows: batch.flatMap((b, group) => b.rows.map((r) => ({ ...r, group }))) } satisfies Request);
    } catch (error) {
      this.sent.delete(id);
      for (const b of batch) b.pending.reject(error);
    }
  }

  private settle({ id, errors }: Answer): void {
    const pending = this.sent.get(id);
    if (!pending) return;
    this.sent.delete(id);
    pending.forEach((p, i) =>
      errors[i] === null ? p.resolve() : p.reject(new Error(`the worker thread could not store the mail: ${errors[i]}`)),
    );
  }

  /** The worker thread is gone: every store not yet answered fails. */
  fail(error: Error): void {
    for (const pending of this.sent.values()) for (const p of pending) p.reject(error);
    this.sent.clear();
    for (const b of this.queue.splice(0)) b.pending.reject(error);
  }

  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.sent.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The worker thread's side: commits what the listener's thread sends, answering once it is durable. */
export function serveInboundStore(port: MessagePort): void {
  port.on("message", ({ id, rows }: Request) => {
    const groups: InboundRow[][] = [];
    for (const { group, ...row } of rows) {
      // A Buffer crosses threads as a plain Uint8Array.
      const raw = Buffer.from(row.raw.buffer, row.raw.byteOffset, row.raw.byteLength);
      (groups[group] ??= []).push({ ...row, raw });
    }
    const store = localInboundStore();
    // The job is woken by the store's caller once its answer arrives (accept.ts), not here too.
    void Promise.allSettled(groups.map((g) => store.store(g))).then((outcomes) => {
      const errors = outcomes.map((o) =>
        o.status === "fulfilled" ? null : o.reason instanceof Error ? o.reason.message : String(o.reason),
      );
      port.postMessage({ id, errors } satisfies Answer);
    });
  });
}
