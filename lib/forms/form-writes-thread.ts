// The channel that carries a submission's writes to the server's worker thread (./form-writes.ts says why),
// as lib/events/inbox-thread.ts carries accepted events: the writes asked for in one turn of the request
// thread's event loop travel in one message, and come back in one answer once all are committed (they
// share the writer's group commit there, so they commit together anyway).
import type { MessagePort } from "node:worker_threads";
import { spendSolution } from "./firewall/challenge";
import type { FormWrites } from "./form-writes";
import { storeSubmission, type StoredSubmission, type SubmissionToStore } from "./store-submission";

type Write = { op: "spend"; signature: string; expiresAt: Date } | { op: "store"; submission: SubmissionToStore };
type Request = { id: number; writes: Write[] };
/** Per write: its value, or the error's message. */
type Answer = { id: number; outcomes: ({ value: unknown } | { error: string })[] };
type Pending = { resolve: (value: never) => void; reject: (error: unknown) => void };

/** The request thread's side: the writes go to the worker thread through `port`, answered after their commit. */
export class ThreadFormWrites implements FormWrites {
  private queue: { write: Write; pending: Pending }[] = [];
  private sent = new Map<number, Pending[]>();
  private nextId = 1;
  private scheduled = false;

  constructor(private readonly port: MessagePort) {
    port.on("message", (answer: Answer) => this.settle(answer));
  }

  spend(signature: string, expiresAt: Date): Promise<boolean> {
    return this.ask({ op: "spend", signature, expiresAt });
  }

  store(submission: SubmissionToStore): Promise<StoredSubmission> {
    return this.ask({ op: "store", submission });
  }

  private ask<T>(write: Write): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, pending: { resolve: resolve as (value: never) => void, reject } });
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
      this.port.postMessage({ id, writes: batch.map((b) => b.write) } satisfies Request);
    } catch (error) {
      this.sent.delete(id);
      for (const b of batch) b.pending.reject(error);
    }
  }

  private settle({ id, outcomes }: Answer): void {
    const pending = this.sent.get(id);
    if (!pending) return;
    this.sent.delete(id);
    pending.forEach((p, i) => {
      const outcome = outcomes[i];
      if ("value" in outcome) p.resolve(outcome.value as never);
      else p.reject(new Error(`the worker thread could not commit the submission: ${outcome.error}`));
    });
  }

  /** The worker thread is gone: every write not yet answered fails (its visitor gets a 500 problem). */
  fail(error: Error): void {
    for (const pending of this.sent.values()) for (const p of pending) p.reject(error);
    this.sent.clear();
    for (const b of this.queue.splice(0)) b.pending.reject(error);
  }
}

let inFlight = 0;

/** The worker thread's side: commits what the request thread sends on its own writer, answering each batch. */
export function serveFormWrites(port: MessagePort): void {
  port.on("message", ({ id, writes }: Request) => {
    inFlight++;
    const work = writes.map((w) => (w.op === "spend" ? spendSolution(w.signature, w.expiresAt) : storeSubmission(w.submission)));
    void Promise.allSettled(work)
      .then((settled) => {
        const outcomes = settled.map((o) =>
          o.status === "fulfilled" ? { value: o.value } : { error: o.reason instanceof Error ? o.reason.message : String(o.reason) },
        );
        port.postMessage({ id, outcomes } satisfies Answer);
      })
      .finally(() => inFlight--);
  });
}

/** Resolves once every write received is answered (the worker thread's stop). */
export async function drainFormWrites(): Promise<void> {
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}
