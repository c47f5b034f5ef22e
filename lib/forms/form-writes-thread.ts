// The channel that carries a submission's writes to the server's worker thread (./form-writes.ts says why),
// as lib/events/inbox-thread.ts carries accepted events: one message per write, answered after its commit.
import type { MessagePort } from "node:worker_threads";
import { spendSolution } from "./firewall/challenge";
import type { FormWrites } from "./form-writes";
import { storeSubmission, type StoredSubmission, type SubmissionToStore } from "./store-submission";

type Request = { id: number; op: "spend"; signature: string; expiresAt: Date } | { id: number; op: "store"; submission: SubmissionToStore };
type Answer = { id: number; value?: unknown; error?: string };

/** The request thread's side: each write goes to the worker thread through `port`, answered after its commit. */
export class ThreadFormWrites implements FormWrites {
  private pending = new Map<number, { resolve: (value: never) => void; reject: (error: unknown) => void }>();
  private nextId = 1;

  constructor(private readonly port: MessagePort) {
    port.on("message", ({ id, value, error }: Answer) => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (error === undefined) waiting.resolve(value as never);
      else waiting.reject(new Error(`the worker thread could not commit the submission: ${error}`));
    });
  }

  spend(signature: string, expiresAt: Date): Promise<boolean> {
    return this.send({ op: "spend", signature, expiresAt });
  }

  store(submission: SubmissionToStore): Promise<StoredSubmission> {
    return this.send({ op: "store", submission });
  }

  private send<T>(
    request: { op: "spend"; signature: string; expiresAt: Date } | { op: "store"; submission: SubmissionToStore },
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve: resolve as (value: never) => void, reject });
      try {
        this.port.postMessage({ ...request, id });
      } catch (error) {
        this.pending.delete(id);
        reject(error);
      }
    });
  }

  /** The worker thread is gone: every write not yet answered fails (its visitor gets a 500 problem). */
  fail(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

let inFlight = 0;

/** The worker thread's side: commits what the request thread sends on its own writer, answering each. */
export function serveFormWrites(port: MessagePort): void {
  port.on("message", (request: Request) => {
    inFlight++;
    const work = request.op === "spend" ? spendSolution(request.signature, request.expiresAt) : storeSubmission(request.submission);
    void work
      .then(
        (value) => port.postMessage({ id: request.id, value } satisfies Answer),
        (error: unknown) =>
          port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies Answer),
      )
      .finally(() => inFlight--);
  });
}

/** Resolves once every write received is answered (the worker thread's stop). */
export async function drainFormWrites(): Promise<void> {
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}
