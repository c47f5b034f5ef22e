// Segment sizes kept with the segment (contactsCount, countedAt), so that lists show them without counting
// (GET /api/segments/summaries). A size is taken when a definition is created or changed (the segment's
// build), and again in the background once it is older than SEGMENT_SIZE_MAX_AGE_SECONDS.
//
// Durable and shared: which segments are due is read from the database (never counted, counted before the
// definition's last change, or counted too long ago), and a count is claimed through a lease on the row
// (countClaimedUntil), so one worker counts a segment however many run (npm run worker, the server's
// worker thread), and a worker that stops mid-count leaves a lease that lapses. A count is written only
// when the definition is still the one counted.
//
// Bounded: a refresher counts one segment at a time and then rests nine times as long as the count took,
// so it spends at most a tenth of its time (and of one database connection) counting, whatever the number
// of segments: at 200,000 contacts a count costs about 150 ms, so 500 segments take about 12 minutes of
// wall time to refresh, of which 75 s are counting. When more is due than that pace allows, sizes simply
// get older; the dashboard shows each with the time it was counted.
import { config } from "@/lib/config";
import { sqlReader, writeStatement } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import type { JobDefinition } from "@/lib/jobs/definition";
import { countSegmentContacts, storedGroups } from "./membership";

/** A count not finished after this long has lapsed (its worker stopped): another may take the segment. */
const LEASE_MS = 5 * 60_000;
/** The share of its time a refresher spends counting. */
const DUTY = 0.1;
const MIN_REST_MS = 100;
/** How often an idle refresher looks for due segments (at most; sooner when sizes age faster). */
const IDLE_MS = 30_000;

type Claim = { id: string; brandId: string; conditionGroups: unknown; updatedAt: Date; lease: Date };

const leaseFrom = (now: number) => new Date(now + LEASE_MS);

/**
 * Claims the segment most in need of a count: one never counted or changed since its count first, then
 * the one counted longest ago (when older than `maxAgeMs`). Null when none is due.
 */
export async function claimDueSegment(maxAgeMs: number, now = Date.now()): Promise<Claim | null> {
  const at = new Date(now);
  const candidates = await sqlReader().all<{ id: string; brandId: string; conditionGroups: unknown; updatedAt: unknown }>(
    `SELECT "id", "brandId", "conditionGroups", "updatedAt" FROM "Segment"
     WHERE "archivedAt" IS NULL AND ("countClaimedUntil" IS NULL OR "countClaimedUntil" < ?ts)
       AND ("countedAt" IS NULL OR "countedAt" < "updatedAt" OR "countedAt" < ?ts)
     ORDER BY CASE WHEN "countedAt" IS NULL OR "countedAt" < "updatedAt" THEN 0 ELSE 1 END, "countedAt", "id"
     LIMIT 5`,
    [at, new Date(now - maxAgeMs)],
  );
  for (const candidate of candidates) {
    const lease = leaseFrom(now);
    const taken = await writeStatement(
      `UPDATE "Segment" SET "countClaimedUntil" = ?ts WHERE "id" = ? AND ("countClaimedUntil" IS NULL OR "countClaimedUntil" < ?ts)`,
      [lease, candidate.id, at],
    );
    if (taken === 1) return { ...candidate, updatedAt: dateValue(candidate.updatedAt), lease };
  }
  return null;
}

/** Claims one segment whatever holds it (its definition was just written: a count of the old one is void). */
async function claimSegment(brandId: string, id: string): Promise<Claim | null> {
  const lease = leaseFrom(Date.now());
  const taken = await writeStatement(`UPDATE "Segment" SET "countClaimedUntil" = ?ts WHERE "id" = ? AND "brandId" = ?`, [
    lease,
    id,
    brandId,
  ]);
  if (taken !== 1) return null;
  const [row] = await sqlReader().all<{ conditionGroups: unknown; updatedAt: unknown }>(
    `SELECT "conditionGroups", "updatedAt" FROM "Segment" WHERE "id" = ? AND "countClaimedUntil" = ?ts`,
    [id, lease],
  );
  return row ? { id, brandId, conditionGroups: row.conditionGroups, updatedAt: dateValue(row.updatedAt), lease } : null;
}

/**
 * Counts a claimed segment and keeps the size, unless its definition changed meanwhile (then a newer count
 * is due, and the lease is only given back). A segment being built is ready once its definition is counted.
 */
export async function countClaimed(claim: Claim): Promise<boolean> {
  const started = new Date();
  try {
    const contactsCount = await countSegmentContacts(claim.brandId, storedGroups(claim.conditionGroups));
    // Never before the definition's time, even when another machine's clock wrote it (it would look due again).
    const countedAt = started > claim.updatedAt ? started : claim.updatedAt;
    const kept = await writeStatement(
      `UPDATE "Segment" SET "contactsCount" = ?, "countedAt" = ?ts, "countClaimedUntil" = NULL,
         "status" = CASE WHEN "status" = 'building' THEN 'ready' ELSE "status" END,
         "buildStartedAt" = CASE WHEN "status" = 'building' THEN NULL ELSE "buildStartedAt" END
       WHERE "id" = ? AND "countClaimedUntil" = ?ts AND "updatedAt" = ?ts`,
      [contactsCount, countedAt, claim.id, claim.lease, claim.updatedAt],
    );
    if (kept === 1) return true;
  } catch (error) {
    console.error(`[segments] counting segment ${claim.id} failed`, error);
  }
  await writeStatement(`UPDATE "Segment" SET "countClaimedUntil" = NULL WHERE "id" = ? AND "countClaimedUntil" = ?ts`, [
    claim.id,
    claim.lease,
  ]).catch(() => {});
  return false;
}

/** The build of a new or changed definition: its first count, taken now. */
export async function countSegmentNow(brandId: string, id: string): Promise<void> {
  const claim = await claimSegment(brandId, id);
  if (claim) await countClaimed(claim);
}

/**
 * The background refresh, for the process's workers (lib/process/workers.ts): counts due segments one at a
 * time, resting between counts (DUTY), until stopped.
 */
export function segmentSizesJob(options: { maxAgeMs?: number } = {}): JobDefinition<Claim> {
  const maxAgeMs = options.maxAgeMs ?? config().SEGMENT_SIZE_MAX_AGE_SECONDS * 1000;
  return {
    name: "segment sizes",
    batchSize: 1,
    leaseMs: LEASE_MS,
    idleMs: Math.max(500, Math.min(IDLE_MS, maxAgeMs / 4)),
    claim: async () => {
      const claim = await claimDueSegment(maxAgeMs);
      return claim ? [claim] : [];
    },
    async run([claim]) {
      const started = performance.now();
      await countClaimed(claim);
      // A tenth of the time at most: rest nine times as long as the count took.
      return { ms: Math.max(MIN_REST_MS, ((performance.now() - started) * (1 - DUTY)) / DUTY), idle: false };
    },
  };
}
