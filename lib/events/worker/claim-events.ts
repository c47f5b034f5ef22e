// Claiming inbox events for one worker. A claim is a lease (claimedBy, claimedUntil): a worker that
// dies loses its events to another worker once the lease lapses. Concurrent workers take disjoint
// batches without waiting on each other (lib/db/dialect.ts claimLock). The claimed rows come back from
// the same statement (RETURNING).
import { runningDialect } from "@/lib/db/dialect";
import { writeQuery } from "@/lib/db/sql";
import { boolValue, dateValue, numberValue } from "@/lib/db/values";
import type { InboxRow } from "../event-store";

/** A stored inbox row as a worker claims it: what was stored, plus how often it was tried. */
export type ClaimedEvent = InboxRow & { attempts: number };

type ClaimedRow = Omit<ClaimedEvent, "originInIdentity" | "historical" | "eventTime" | "receivedAt" | "attempts"> & {
  originInIdentity: unknown;
  historical: unknown;
  eventTime: unknown;
  receivedAt: unknown;
  attempts: unknown;
};

const CLAIM = `
  UPDATE "EventInbox" SET "claimedBy" = ?, "claimedUntil" = ?ts, "attempts" = "attempts" + 1
  WHERE "id" IN (
    SELECT "id" FROM "EventInbox"
    WHERE "status" = 'pending' AND "nextAttemptAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)
    ORDER BY "id" LIMIT ? ${runningDialect().claimLock}
  )
  RETURNING "id", "brandId", "eventName", "eventVersion", "origin", "originInIdentity", "eventID", "eventTime",
    "receivedAt", "historical", "payload", "attempts"`;

export async function claimEvents(workerId: string, limit: number, leaseMs: number): Promise<ClaimedEvent[]> {
  const now = new Date();
  const rows = await writeQuery<ClaimedRow>(CLAIM, [workerId, new Date(now.getTime() + leaseMs), now, now, limit]);
  return rows
    .map((r) => ({
      ...r,
      originInIdentity: boolValue(r.originInIdentity),
      historical: boolValue(r.historical),
      eventTime: dateValue(r.eventTime),
      receivedAt: dateValue(r.receivedAt),
      attempts: numberValue(r.attempts),
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
