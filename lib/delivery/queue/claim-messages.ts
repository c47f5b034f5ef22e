// Claiming messages for one worker (as events and batches are claimed): due queued messages, high
// priority first, then oldest, become `sending` with the worker's id and a lease (nextAttemptAt = the
// lease's end). A message whose lease lapsed (its worker died) is queued again first, by whichever worker
// claims next, and finishing a message checks the claim, so a worker that lost it never overwrites
// another's result. The claimed rows come back from the claiming statement.
import { skipLockedClause } from "@/lib/db/claims";
import { sqlReader, writeQuery, writeStatement } from "@/lib/db/sql";
import { dateValue, numberValue } from "@/lib/db/values";
import type { MessageMode, MessageStatus } from "../schemas";

export type ClaimedMessage = {
  id: string;
  brandId: string;
  contentId: string;
  sourceKind: string;
  sourceId: string;
  part: string;
  recipientKey: string;
  contactId: string | null;
  email: string | null;
  mode: MessageMode;
  status: MessageStatus;
  data: string | null;
  attempts: number;
  createdAt: Date;
};

const RETURNING = `"id", "brandId", "contentId", "sourceKind", "sourceId", "part", "recipientKey", "contactId", "email", "mode", "status",
  "data", "attempts", "createdAt"`;

const CLAIM = `
  UPDATE "Message" SET "status" = 'sending', "claimedBy" = ?, "nextAttemptAt" = ?ts, "attempts" = "attempts" + 1
  WHERE "id" IN (
    SELECT "id" FROM "Message" WHERE "status" = 'queued' AND "nextAttemptAt" <= ?ts
    ORDER BY "priority", "nextAttemptAt" LIMIT ? ${skipLockedClause()}
  )
  RETURNING ${RETURNING}`;

const CLAIM_IDS = (n: number) => `
  UPDATE "Message" SET "status" = 'sending', "claimedBy" = ?, "nextAttemptAt" = ?ts, "attempts" = "attempts" + 1
  WHERE "id" IN (${Array.from({ length: n }, () => "?").join(", ")}) AND "status" = 'queued'
  RETURNING ${RETURNING}`;

// Lapsed leases: a worker that claimed these died (or stalled past its lease). Their attempt counted.
const REQUEUE_LAPSED = `
  UPDATE "Message" SET "status" = 'queued', "claimedBy" = NULL
  WHERE "id" IN (SELECT "id" FROM "Message" WHERE "status" = 'sending' AND "nextAttemptAt" < ?ts LIMIT 1000 ${skipLockedClause()})`;

type Row = Omit<ClaimedMessage, "attempts" | "createdAt"> & { attempts: unknown; createdAt: unknown };

function toClaimed(rows: Row[]): ClaimedMessage[] {
  return rows
    .map((r) => ({ ...r, attempts: numberValue(r.attempts), createdAt: dateValue(r.createdAt) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

let lastSweep = 0;
const SWEEP_EVERY_MS = 1_000;

// Reads first, so an idle worker's polls take no write lock.
const ANY_LAPSED = `SELECT 1 AS "found" FROM "Message" WHERE "status" = 'sending' AND "nextAttemptAt" < ?ts LIMIT 1`;
const ANY_DUE = `SELECT 1 AS "found" FROM "Message" WHERE "status" = 'queued' AND "nextAttemptAt" <= ?ts LIMIT 1`;

export async function claimMessages(workerId: string, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const now = new Date();
  if (now.getTime() - lastSweep >= SWEEP_EVERY_MS) {
    lastSweep = now.getTime();
    if ((await sqlReader().all(ANY_LAPSED, [now])).length > 0) await writeStatement(REQUEUE_LAPSED, [now]);
  }
  if ((await sqlReader().all(ANY_DUE, [now])).length === 0) return [];
  return toClaimed(await writeQuery<Row>(CLAIM, [workerId, new Date(now.getTime() + leaseMs), now, limit]));
}

/** Claims these queued messages (a test send processed by the request that made it). */
export async function claimMessageIds(workerId: string, ids: string[], leaseMs: number): Promise<ClaimedMessage[]> {
  if (ids.length === 0) return [];
  return toClaimed(await writeQuery<Row>(CLAIM_IDS(ids.length), [workerId, new Date(Date.now() + leaseMs), ...ids]));
}

const RENEW = `UPDATE "Message" SET "nextAttemptAt" = ?ts WHERE "claimedBy" = ? AND "status" = 'sending'`;

/**
 * Extends the lease of every message this worker holds: a live worker keeps its claims however long the
 * mail server takes (a rate-limited relay, a busy machine), so no other worker (nor this one's own sweep)
 * takes them again and sends them twice. Only a dead or stalled worker's leases lapse.
 */
export async function renewLeases(workerId: string, leaseMs: number): Promise<void> {
  await writeStatement(RENEW, [new Date(Date.now() + leaseMs), workerId]);
}
