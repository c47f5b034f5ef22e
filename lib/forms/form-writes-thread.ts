// The channel that carries a submission's writes to the server's worker thread (./form-writes.ts says why),
// as lib/events/inbox-thread.ts carries accepted events (lib/process/turn-batches.ts): the writes asked for
// in one turn of the request thread's event loop travel in one message, and come back in one answer once all
// are committed (they share the writer's group commit there, so they commit together anyway).
import type { MessagePort } from "node:worker_threads";
import { serveTurnBatches, TurnBatchSender } from "@/lib/process/turn-batches";
import { spendSolutions } from "./firewall/challenge";
import type { FormWrites } from "./form-writes";
import type { StoredSubmission, SubmissionToStore } from "./store-submission";
import { storeSubmissions } from "./store-submissions";

type Write =
  | { op: "spend"; signature: string; expiresAt: Date }
  | { op: "store"; submission: SubmissionToStore }
  | { op: "spend-store"; signature: string; expiresAt: Date; submission: SubmissionToStore };

/** The request thread's side: the writes go to the worker thread through `port`, answered after their commit. */
export class ThreadFormWrites implements FormWrites {
  private readonly channel: TurnBatchSender<Write, unknown>;

  constructor(port: MessagePort) {
    this.channel = new TurnBatchSender(port, "the worker thread could not commit the submission");
  }

  spend(signature: string, expiresAt: Date): Promise<boolean> {
    return this.channel.call({ op: "spend", signature, expiresAt }) as Promise<boolean>;
  }

  store(submission: SubmissionToStore): Promise<StoredSubmission> {
    return this.channel.call({ op: "store", submission }) as Promise<StoredSubmission>;
  }

  spendAndStore(signature: string, expiresAt: Date, submission: SubmissionToStore): Promise<StoredSubmission | "replayed"> {
    return this.channel.call({ op: "spend-store", signature, expiresAt, submission }) as Promise<StoredSubmission | "replayed">;
  }

  /** The worker thread is gone: every write not yet answered fails (its visitor gets a 500 problem). */
  fail(error: Error): void {
    this.channel.fail(error);
  }
}

let served: { drain(): Promise<void> } | null = null;

/**
 * The worker thread's side: commits what the request thread sends on its own writer, answering each batch.
 * A message's spends go in one statement, then its submissions (those whose solution was not spent before)
 * in one transaction (./store-submissions.ts).
 */
export function serveFormWrites(port: MessagePort): void {
  served = serveTurnBatches<Write, unknown>(port, (writes) => {
    const spends = writes.flatMap((w) => (w.op === "store" ? [] : [w]));
    const spent = spends.length > 0 ? spendSolutions(spends) : Promise.resolve([]);
    const stores = writes.flatMap((w) => (w.op === "store" ? [w] : []));
    const stored = new Map<Write, Promise<unknown>>(zip(stores, storeSubmissions(stores.map((w) => w.submission))));
    // The submissions whose solution this message spends wait for the spend, then are stored together.
    const after = spent.then((taken) => {
      const mine = spends.flatMap((w, k) => (w.op === "spend-store" && taken[k] ? [w] : []));
      return new Map<Write, Promise<unknown>>(zip(mine, storeSubmissions(mine.map((w) => w.submission))));
    });
    return writes.map((w) => {
      if (w.op === "store") return stored.get(w)!;
      const k = spends.indexOf(w);
      if (w.op === "spend") return spent.then((taken) => taken[k]);
      return after.then((mine) => mine.get(w) ?? "replayed");
    });
  });
}

const zip = <A, B>(a: A[], b: B[]): [A, B][] => a.map((x, i) => [x, b[i]]);

/** Resolves once every write received is answered (the worker thread's stop). */
export async function drainFormWrites(): Promise<void> {
  await served?.drain();
}
