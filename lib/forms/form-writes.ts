// Where a submission's writes are committed: its spent challenge (firewall/challenge.ts) and its
// transaction (./store-submission.ts). Where the database takes one writer at a time
// (lib/db/capabilities.ts needsSingleWriterThread), the server's worker thread commits them for the request
// thread in its writer's urgent lane, group-committed with the events inbox (lib/events/inbox-thread.ts
// does the same for events): with the request thread's own writer, each submission's two commits waited,
// polling the file's one write lock, for whole transactions of the worker's background jobs. Until the
// thread is up (and while it is restarted) the request thread commits them itself.
// The channel between the threads: ./form-writes-thread.ts.
import type { StoredSubmission, SubmissionToStore } from "./store-submission";

export interface FormWrites {
  /** true when the solution's signature was not spent before (and is now) */
  spend(signature: string, expiresAt: Date): Promise<boolean>;
  store(submission: SubmissionToStore): Promise<StoredSubmission>;
  /** spend, then store when the solution was not spent before: one round trip for an accepted submission */
  spendAndStore(signature: string, expiresAt: Date, submission: SubmissionToStore): Promise<StoredSubmission | "replayed">;
}

let delegate: FormWrites | null = null;

/** Hands this thread's form writes to the worker thread's while given; null takes them back. */
export function delegateFormWrites(writes: FormWrites | null): void {
  delegate = writes;
}

/** The worker thread's form writes while they are delegated, else null (commit them here). */
export function delegatedFormWrites(): FormWrites | null {
  return delegate;
}
