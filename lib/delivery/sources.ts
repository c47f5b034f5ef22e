// A source's state (docs/delivery.md "Pausing"): active unless paused (by its owner, or by the pipeline
// when its bounce or complaint rate passes the configured threshold) or canceled. Pausing holds its
// queued messages (status paused); resuming queues them again; canceling skips them (reason canceled).
import { config } from "@/lib/config";
import { sqlReader, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { dateValue, numberValue } from "@/lib/db/values";
import { CounterBatch } from "./counters";
import { wakeDeliveryWorker } from "./queue/wake";
import type { Source } from "./schemas";
import { figuresOf } from "./read/figures";
import { sourceStats } from "./read/stats";

export type SourceState = { status: "active" | "paused" | "canceled"; reason: string | null; changedAt: Date | null };

export async function sourceState(brandId: string, source: Source): Promise<SourceState> {
  const [row] = await sqlReader().all<{ status: SourceState["status"]; reason: string | null; changedAt: unknown }>(
    `SELECT "status", "reason", "changedAt" FROM "DeliverySource" WHERE "brandId" = ? AND "kind" = ? AND "id" = ?`,
    [brandId, source.kind, source.id],
  );
  return row
    ? { status: row.status, reason: row.reason, changedAt: dateValue(row.changedAt) }
    : { status: "active", reason: null, changedAt: null };
}

/**
 * Sources of `kind` paused now, with the pause's reason, leaving out pauses whose reason is `except` (an
 * owner's own pause): how a source's owner learns of the pipeline's pause (bounce or complaint rate).
 */
export async function pausedSources(kind: string, except: string): Promise<{ brandId: string; id: string; reason: string | null }[]> {
  return sqlReader().all<{ brandId: string; id: string; reason: string | null }>(
    `SELECT "brandId", "id", "reason" FROM "DeliverySource" WHERE "kind" = ? AND "status" = 'paused' AND ("reason" IS NULL OR "reason" <> ?)`,
    [kind, except],
  );
}

const UPSERT_STATE = `INSERT INTO "DeliverySource" ("brandId", "kind", "id", "status", "reason", "changedAt") VALUES (?, ?, ?, ?, ?, ?ts)
  ON CONFLICT ("brandId", "kind", "id") DO UPDATE SET "status" = excluded."status", "reason" = excluded."reason", "changedAt" = excluded."changedAt"`;

/** The state's change when only an active source may be paused (atomic on both engines: no read first). */
const PAUSE_IF_ACTIVE = `INSERT INTO "DeliverySource" ("brandId", "kind", "id", "status", "reason", "changedAt") VALUES (?, ?, ?, 'paused', ?, ?ts)
  ON CONFLICT ("brandId", "kind", "id") DO UPDATE SET "status" = 'paused', "reason" = excluded."reason", "changedAt" = excluded."changedAt"
  WHERE "DeliverySource"."status" = 'active'`;

/**
 * Holds the source's queued messages; the ones a worker holds already go out. Returns how many were held.
 * `onlyIfActive` (the pipeline's pauses: a rate, a refused setting) pauses an active source only, in the
 * same statement that reads its state, and returns null when it was paused or canceled already: a pause
 * that read the state first and wrote it later turned a source canceled in between into a paused one.
 */
export async function pauseSource(
  brandId: string,
  source: Source,
  reason: string,
  options: { onlyIfActive?: boolean } = {},
): Promise<number | null> {
  const now = new Date();
  return writeTransaction(async (tx) => {
    if (!options.onlyIfActive) await tx.run(UPSERT_STATE, [brandId, source.kind, source.id, "paused", reason.slice(0, 500), now]);
    else if ((await tx.run(PAUSE_IF_ACTIVE, [brandId, source.kind, source.id, reason.slice(0, 500), now])) === 0) return null;
    return tx.run(
      `UPDATE "Message" SET "status" = 'paused' WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "status" = 'queued'`,
      [brandId, source.kind, source.id],
    );
  });
}

/**
 * Pauses an active source because the mail server refused a setting (its certificate, the login), and logs
 * one line when this call paused it: the messages of one misconfiguration fail in several batches and
 * workers, and only the first to pause says so. Test sends have no source to pause; each says why itself.
 */
export async function pauseForSetting(brandId: string, source: Source, reason: string): Promise<boolean> {
  if (source.kind === "test") return false;
  // A second worker's pause finds the row paused and changes nothing.
  const paused = (await pauseSource(brandId, source, reason, { onlyIfActive: true })) !== null;
  if (paused) console.error(`[delivery] paused ${source.kind} ${source.id} of brand ${brandId}: ${reason}`);
  return paused;
}

export async function resumeSource(brandId: string, source: Source, pace?: Pace): Promise<number> {
  const now = new Date();
  const resumed = await writeTransaction(async (tx) => {
    await tx.run(UPSERT_STATE, [brandId, source.kind, source.id, "active", null, now]);
    if (pace) return requeuePaced(tx, brandId, source, now, pace);
    return tx.run(
      `UPDATE "Message" SET "status" = 'queued', "nextAttemptAt" = ?ts WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "status" = 'paused'`,
      [now, brandId, source.kind, source.id],
    );
  });
  if (resumed > 0) wakeDeliveryWorker();
  return resumed;
}

/** The next send time of a rate-limited source (the forms' lane: lib/forms/lane.ts takeSlot), in the resume's transaction. */
export type Pace = (tx: SqlRunner, now: Date) => Promise<Date>;

/** The held messages queued again one slot each, oldest first, so a resume does not release them all at once. */
async function requeuePaced(tx: SqlRunner, brandId: string, source: Source, now: Date, pace: Pace): Promise<number> {
  const held = await tx.all<{ id: string }>(
    `SELECT "id" FROM "Message" WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "status" = 'paused' ORDER BY "nextAttemptAt", "id"`,
    [brandId, source.kind, source.id],
  );
  for (const { id } of held)
    await tx.run(`UPDATE "Message" SET "status" = 'queued', "nextAttemptAt" = ?ts WHERE "id" = ?`, [await pace(tx, now), id]);
  return held.length;
}

/** Skips every message of the source that has not gone out (reason canceled). Returns how many. */
export async function cancelSource(brandId: string, source: Source): Promise<number> {
  const now = new Date();
  return writeTransaction(async (tx) => {
    await tx.run(UPSERT_STATE, [brandId, source.kind, source.id, "canceled", null, now]);
    const rows = await tx.all<{ part: string; n: unknown }>(
      `SELECT "part", COUNT(*) AS "n" FROM "Message" WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "status" IN ('queued', 'paused') GROUP BY "part"`,
      [brandId, source.kind, source.id],
    );
    const changed = await tx.run(
      `UPDATE "Message" SET "status" = 'skipped', "reason" = 'canceled', "claimedBy" = NULL
       WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "status" IN ('queued', 'paused')`,
      [brandId, source.kind, source.id],
    );
    const counters = new CounterBatch();
    for (const r of rows) {
      const key = { brandId, sourceKind: source.kind, sourceId: source.id, part: r.part };
      counters.add(key, "pending", now, -numberValue(r.n)).skip(key, "skipped", "canceled", now, numberValue(r.n));
    }
    await counters.flush(tx);
    return changed;
  });
}

/** Whether new messages of the source may be claimed now (a paused or canceled source's may not). */
export async function isSourceActive(brandId: string, source: Source): Promise<boolean> {
  return (await sourceState(brandId, source)).status === "active";
}

const pct = (r: number) => `${Math.round(r * 1000) / 10}%`;

/**
 * After a bounce or a complaint: pauses the source when its rate passed the configured threshold (once
 * it has DELIVERY_PAUSE_MIN_SENT messages handed over). Test sends are never paused.
 */
export async function pauseIfRatesTooHigh(brandId: string, source: Source): Promise<boolean> {
  if (source.kind === "test") return false;
  const { DELIVERY_PAUSE_BOUNCE_RATE, DELIVERY_PAUSE_COMPLAINT_RATE, DELIVERY_PAUSE_MIN_SENT } = config();
  const stats = await sourceStats(brandId, source);
  if (stats.sent < DELIVERY_PAUSE_MIN_SENT) return false;
  let reason: string | null = null;
  if (stats.rates.bounce > DELIVERY_PAUSE_BOUNCE_RATE)
    reason = `Bounce rate ${pct(stats.rates.bounce)} (${stats.bounced} of ${stats.sent}) passed ${pct(DELIVERY_PAUSE_BOUNCE_RATE)}`;
  else if (stats.rates.complaint > DELIVERY_PAUSE_COMPLAINT_RATE)
    reason = `Complaint rate ${pct(stats.rates.complaint)} (${stats.complained} of ${figuresOf(stats).delivered} delivered) passed ${pct(DELIVERY_PAUSE_COMPLAINT_RATE)}`;
  if (!reason) return false;
  // A cheap read first (a paused source's later bounces write nothing); the pause itself checks again, atomically.
  if ((await sourceState(brandId, source)).status !== "active") return false;
  if ((await pauseSource(brandId, source, reason, { onlyIfActive: true })) === null) return false;
  console.warn(`[delivery] paused ${source.kind} ${source.id} of brand ${brandId}: ${reason}`);
  return true;
}
