// The inbound job (run by lib/jobs/runner.ts beside the process's other jobs, lib/process/workers.ts): claims
// stored messages (accept.ts) under a lease, handles each (handle.ts) and records what it was on its row. A
// row is done only once its outcome is recorded; a worker that dies mid-batch leaves its claims to lapse,
// and they are handled again: an outcome's effect marks the row in its own transaction (handle.ts
// appliedOnce), so a second pass applies nothing twice. A
// message whose handling throws is tried again with a backoff, then marked failed with the error, kept.
import { config } from "@/lib/config";
import { skipLockedClause } from "@/lib/db/claims";
import { takeStatementTimes, timeStatements } from "@/lib/db/statement-timing";
import { sqlReader, writeQuery, writeStatement, writeTransaction } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import type { JobDefinition } from "@/lib/jobs/definition";
import { handleInboundMail, type Handled } from "./handle";
import { inboundWake } from "./wake";

/** `raw` is null only when its bytes are missing (never written by accept.ts): its handling fails, kept as failed. */
export type ClaimedMail = { id: string; recipient: string; raw: Buffer | null; attempts: number };

const MAX_ATTEMPTS = 5;
const LEASE_MS = 60_000;

const CLAIM = `
  UPDATE "InboundMail" SET "status" = 'handling', "claimedBy" = ?, "nextAttemptAt" = ?ts, "attempts" = "attempts" + 1
  WHERE "id" IN (
    SELECT "id" FROM "InboundMail" WHERE ("status" = 'queued' AND "nextAttemptAt" <= ?ts) OR ("status" = 'handling' AND "nextAttemptAt" < ?ts)
    ORDER BY "nextAttemptAt" LIMIT ? ${skipLockedClause()}
  )
  RETURNING "id", "recipient", "attempts"`;

const ANY_DUE = `SELECT 1 AS "found" FROM "InboundMail" WHERE ("status" = 'queued' AND "nextAttemptAt" <= ?ts) OR ("status" = 'handling' AND "nextAttemptAt" < ?ts) LIMIT 1`;

export async function claimInboundMail(workerId: string, limit: number, leaseMs = LEASE_MS): Promise<ClaimedMail[]> {
  const now = new Date();
  if ((await sqlReader().all(ANY_DUE, [now, now])).length === 0) return [];
  const rows = await writeQuery<{ id: string; recipient: string; attempts: unknown }>(CLAIM, [
    workerId,
    new Date(now.getTime() + leaseMs),
    now,
    now,
    limit,
  ]);
  if (rows.length === 0) return [];
  // The bytes from their own rows (written once with the row, before its 250: committed before this claim).
  const raws = await sqlReader().all<{ id: string; raw: unknown }>(
    `SELECT "id", "raw" FROM "InboundRaw" WHERE "id" IN (${rows.map(() => "?").join(", ")})`,
    rows.map((r) => r.id),
  );
  const rawOf = new Map(raws.map((r) => [r.id, Buffer.from(r.raw as Uint8Array)]));
  return rows.map((r) => ({ ...r, raw: rawOf.get(r.id) ?? null, attempts: numberValue(r.attempts) }));
}

type Result = { mail: ClaimedMail; handled: Handled } | { mail: ClaimedMail; error: unknown };

const FINISH = `UPDATE "InboundMail" SET "status" = 'done', "outcome" = ?, "detail" = ?, "messageId" = ?, "brandId" = ?, "fromAddress" = ?,
  "subject" = ?, "text" = ?, "handledAt" = COALESCE("handledAt", ?ts), "claimedBy" = NULL WHERE "id" = ? AND "claimedBy" = ?`;
const RETRY = `UPDATE "InboundMail" SET "status" = ?, "detail" = ?, "nextAttemptAt" = ?ts, "claimedBy" = NULL WHERE "id" = ? AND "claimedBy" = ?`;

/**
 * The batch's rows not recorded yet marked in one transaction (one commit for the batch, not one per
 * message); a bounce's or complaint's row was recorded in its outcome's own transaction (handle.ts).
 */
async function record(workerId: string, all: Result[]): Promise<void> {
  const results = all.filter((r) => !("handled" in r && r.handled.recorded));
  if (results.length === 0) return;
  const now = new Date();
  await writeTransaction(async (tx) => {
    for (const r of results) {
      if ("handled" in r) {
        const h = r.handled;
        await tx.run(FINISH, [h.outcome, h.detail, h.messageId, h.brandId, h.fromAddress, h.subject, h.text, now, r.mail.id, workerId]);
      } else {
        const last = r.mail.attempts >= MAX_ATTEMPTS;
        const detail = (r.error instanceof Error ? r.error.message : String(r.error)).slice(0, 500);
        await tx.run(RETRY, [
          last ? "failed" : "queued",
          detail,
          new Date(now.getTime() + 1000 * 2 ** r.mail.attempts),
          r.mail.id,
          workerId,
        ]);
      }
    }
  });
}

const BATCH = 50;
/**
 * The whole batch at once: the outcomes that reach apply() together go to the writer as one group and one
 * commit (handle.ts), and the pages every notice touches (the tails of the suppression, event and status
 * tables, the counters) are written to the WAL once per group, not once per few notices.
 */
const CONCURRENCY = BATCH;
/**
 * After a partial batch, the job waits this long (a wake does not cut it short) and claims again. Each stored
 * message wakes the job: under a bounce storm it claimed about 2 notices at a time, and each claim, its commit
 * and a group of 2 outcomes' commit were paid per 2 notices (bench:inbound: 0.47 claims and 0.57 commits a
 * notice; with the wait 0.39 commits a notice and 0.13 ms of CPU a notice less, 2,000 notices, load 2-3).
 */
export const GATHER_MS = 20;

async function handleOne(mail: ClaimedMail): Promise<Result> {
  try {
    if (!mail.raw) throw new Error("the message's bytes are missing (InboundRaw)");
    return { mail, handled: await handleInboundMail({ ...mail, raw: mail.raw }) };
  } catch (error) {
    console.error(`[inbound] handling ${mail.id} failed (attempt ${mail.attempts})`, error);
    return { mail, error };
  }
}

/**
 * Handles claimed rows, several at once (each outcome is its own transaction, as a webhook's is; where the
 * database has one writer, transactions that wait together commit as one group: a bounce storm is not a
 * commit per notice), then marks the batch's rows not recorded yet at once (a bounce's or a complaint's row is
 * recorded in its outcome's transaction). A crash in between leaves the rows claimed: their lease lapses and
 * they are handled again, which changes nothing (each effect marked its row applied).
 */
export async function handleClaimed(workerId: string, mails: ClaimedMail[]): Promise<void> {
  const results: Result[] = [];
  let next = 0;
  const lane = async () => {
    while (next < mails.length) results.push(await handleOne(mails[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, mails.length) }, lane));
  await record(workerId, results);
}

/** With EVENTS_DEBUG=on: this thread's database time per statement and notice handled, every 1,000 notices. */
function statementLog(): (handled: number) => void {
  timeStatements(true);
  let handled = 0;
  return (n) => {
    handled += n;
    if (handled < 1_000) return;
    const lines = takeStatementTimes()
      .slice(0, 16)
      .map((t) => `  ${((1000 * t.ms) / handled).toFixed(1).padStart(6)} µs/notice ${String(t.count).padStart(6)}x  ${t.statement}`);
    console.log(`[inbound] database time on this thread over ${handled} notices handled:\n${lines.join("\n")}`);
    handled = 0;
  };
}

export function inboundJob(options: { idleMs: number }): JobDefinition<ClaimedMail> {
  const logStatements = config().EVENTS_DEBUG === "on" ? statementLog() : null;
  return {
    name: "inbound",
    batchSize: BATCH,
    leaseMs: LEASE_MS,
    // Mail stored in this process wakes the job; a pipe's (another process) waits for this poll.
    idleMs: Math.max(options.idleMs, 1000),
    wake: inboundWake,
    claim: ({ workerId, limit, leaseMs }) => claimInboundMail(workerId, limit, leaseMs),
    run: async (mails, { workerId }) => {
      await handleClaimed(workerId, mails);
      logStatements?.(mails.length);
      if (mails.length >= BATCH) return;
      // A partial batch: what arrives meanwhile gathers for the next claim, made at once after the wait.
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      return { idle: false };
    },
    renewLeases: (workerId) =>
      writeStatement(`UPDATE "InboundMail" SET "nextAttemptAt" = ?ts WHERE "claimedBy" = ? AND "status" = 'handling'`, [
        new Date(Date.now() + LEASE_MS),
        workerId,
      ]).then(() => undefined),
  };
}
