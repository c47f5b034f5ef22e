// Claiming inbox events for one worker. A claim is a lease (claimedBy, claimedUntil): a worker that
// dies loses its events to another worker once the lease lapses. PostgreSQL: FOR UPDATE SKIP LOCKED,
// so concurrent workers take disjoint batches without waiting on each other. SQLite: the UPDATE holds
// the one write lock, which makes it atomic across processes too.
import { db, dbKind } from "@/lib/db";
import type { InboxRow } from "../event-store";
import { writeTurn } from "../write-turns";
import { queryRows, timeParam } from "./sql";

/** A stored inbox row as a worker claims it: what was stored, plus how often it was tried. */
export type ClaimedEvent = InboxRow & { attempts: number };

export async function claimEvents(workerId: string, limit: number, leaseMs: number): Promise<ClaimedEvent[]> {
  const now = new Date();
  const lock = dbKind === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
  const claimed = await writeTurn(() => queryRows<{ id: string }>(
    db,
    `UPDATE "EventInbox" SET "claimedBy" = ?, "claimedUntil" = ?ts, "attempts" = "attempts" + 1
     WHERE "id" IN (
       SELECT "id" FROM "EventInbox"
       WHERE "status" = 'pending' AND "nextAttemptAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)
       ORDER BY "id" LIMIT ? ${lock}
     ) RETURNING "id"`,
    workerId, timeParam(new Date(now.getTime() + leaseMs)), timeParam(now), timeParam(now), limit,
  ));
  if (claimed.length === 0) return [];
  return db.eventInbox.findMany({
    where: { id: { in: claimed.map((c) => c.id) }, claimedBy: workerId },
    orderBy: { id: "asc" },
    select: {
      id: true, brandId: true, eventName: true, eventVersion: true, origin: true, originInIdentity: true, eventID: true,
      eventTime: true, receivedAt: true, historical: true, payload: true, attempts: true,
    },
  });
}
