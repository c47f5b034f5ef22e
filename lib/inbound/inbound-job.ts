// The inbound job (run by lib/jobs/runner.ts beside the process's other jobs, lib/process/workers.ts): claims
// stored messages (accept.ts) under a lease, handles each (handle.ts) and records what it was on its row. A
// row is done only once its outcome is recorded; a worker that dies mid-batch leaves its claims to lapse,
// and they are handled again (every outcome applies once per message: a second pass changes nothing). A
// message whose handling throws is tried again with a backoff, then marked failed with the error, kept.
import { skipLockedClause } from "@/lib/db/claims";
import { sqlReader, writeQuery, writeStatement } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import type { JobDefinition } from "@/lib/jobs/definition";
import { handleInboundMail, type Handled } from "./handle";
import { inboundWake } from "./wake";

export type ClaimedMail = { id: string; recipient: string; raw: Buffer; attempts: number };

const MAX_ATTEMPTS = 5;
const LEASE_MS = 60_000;

const CLAIM = `
  UPDATE "InboundMail" SET "status" = 'handling', "claimedBy" = ?, "nextAttemptAt" = ?ts, "attempts" = "attempts" + 1
  WHERE "id" IN (
    SELECT "id" FROM "InboundMail" WHERE ("status" = 'queued' AND "nextAttemptAt" <= ?ts) OR ("status" = 'handling' AND "nextAttemptAt" < ?ts)
    ORDER BY "nextAttemptAt" LIMIT ? ${skipLockedClause()}
  )
  RETURNING "id", "recipient", "raw", "attempts"`;

const ANY_DUE = `SELECT 1 AS "found" FROM "InboundMail" WHERE ("status" = 'queued' AND "nextAttemptAt" <= ?ts) OR ("status" = 'handling' AND "nextAttemptAt" < ?ts) LIMIT 1`;

export async function claimInboundMail(workerId: string, limit: number, leaseMs = LEASE_MS): Promise<ClaimedMail[]> {
  const now = new Date();
  if ((await sqlReader().all(ANY_DUE, [now, now])).length === 0) return [];
  const rows = await writeQuery<{ id: string; recipient: string; raw: unknown; attempts: unknown }>(CLAIM, [
    workerId,
    new Date(now.getTime() + leaseMs),
    now,
    now,
    limit,
  ]);
  return rows.map((r) => ({ ...r, raw: Buffer.from(r.raw as Uint8Array), attempts: numberValue(r.attempts) }));
}

async function finish(workerId: string, id: string, handled: Handled): Promise<void> {
  await writeStatement(
    `UPDATE "InboundMail" SET "status" = 'done', "outcome" = ?, "detail" = ?, "messageId" = ?, "brandId" = ?, "fromAddress" = ?, "subject" = ?,
       "handledAt" = ?ts, "claimedBy" = NULL WHERE "id" = ? AND "claimedBy" = ?`,
    [handled.outcome, handled.detail, handled.messageId, handled.brandId, handled.fromAddress, handled.subject, new Date(), id, workerId],
  );
}

async function failed(workerId: string, mail: ClaimedMail, error: unknown): Promise<void> {
  const last = mail.attempts >= MAX_ATTEMPTS;
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await writeStatement(
    `UPDATE "InboundMail" SET "status" = ?, "detail" = ?, "nextAttemptAt" = ?ts, "claimedBy" = NULL WHERE "id" = ? AND "claimedBy" = ?`,
    [last ? "failed" : "queued", detail, new Date(Date.now() + 1000 * 2 ** mail.attempts), mail.id, workerId],
  );
}

const CONCURRENCY = 16;

async function handleOne(workerId: string, mail: ClaimedMail): Promise<void> {
  let handled: Handled;
  try {
    handled = await handleInboundMail(mail);
  } catch (error) {
    console.error(`[inbound] handling ${mail.id} failed (attempt ${mail.attempts})`, error);
    await failed(workerId, mail, error);
    return;
  }
  await finish(workerId, mail.id, handled);
}

/**
 * Handles claimed rows, several at once (each outcome is its own transaction, as a webhook's is; where the
 * database has one writer, transactions that wait together commit as one group: a bounce storm is not a
 * commit per notice).
 */
export async function handleClaimed(workerId: string, mails: ClaimedMail[]): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < mails.length) await handleOne(workerId, mails[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, mails.length) }, lane));
}

export function inboundJob(options: { idleMs: number }): JobDefinition<ClaimedMail> {
  return {
    name: "inbound",
    batchSize: 50,
    leaseMs: LEASE_MS,
    // Mail stored in this process wakes the job; a pipe's (another process) waits for this poll.
    idleMs: Math.max(options.idleMs, 1000),
    wake: inboundWake,
    claim: ({ workerId, limit, leaseMs }) => claimInboundMail(workerId, limit, leaseMs),
    run: (mails, { workerId }) => handleClaimed(workerId, mails),
    renewLeases: (workerId) =>
      writeStatement(`UPDATE "InboundMail" SET "nextAttemptAt" = ?ts WHERE "claimedBy" = ? AND "status" = 'handling'`, [
        new Date(Date.now() + LEASE_MS),
        workerId,
      ]).then(() => undefined),
  };
}
