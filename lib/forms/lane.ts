// The brand's lane of confirmation emails: a delivery source of its own (kind form-confirmation, id the
// brand's id), so the pipeline's auto-pause watches its bounce and complaint rates apart from campaigns
// and pauses it with a reason when they spike (docs/delivery.md "Pausing"), and a per-brand rate: each
// confirmation takes the lane's next slot, FORMS_CONFIRMATIONS_PER_MINUTE a minute at most.
import { config } from "@/lib/config";
import { resumeSource, sourceState, type SourceState } from "@/lib/delivery";
import type { SqlRunner } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";

export const LANE_KIND = "form-confirmation";
export const laneOf = (brandId: string) => ({ kind: LANE_KIND, id: brandId });

export async function laneState(brandId: string): Promise<Pick<SourceState, "status" | "reason">> {
  const { status, reason } = await sourceState(brandId, laneOf(brandId));
  return { status, reason };
}

/** Resumes a paused lane: its held confirmation emails are queued again, each in a slot of its own (the lane's rate). */
export async function resumeLane(brandId: string): Promise<void> {
  await resumeSource(brandId, laneOf(brandId), (tx, now) => takeSlot(tx, brandId, now));
}

/**
 * The time the next confirmation email of the brand may go, taken inside the submission's transaction:
 * now while the lane has room, later when visitors (or a bot that got past the firewall) submit faster than
 * the rate. The emails wait in the queue, never in memory.
 */
export async function takeSlot(tx: SqlRunner, brandId: string, now: Date): Promise<Date> {
  const [slot] = await takeSlots(tx, brandId, [now]);
  return slot;
}

/**
 * One slot per time in `nows` (a batch of submissions, in order), as many takeSlot calls one after the other
 * would give, with the lane's row read and written once.
 */
export async function takeSlots(tx: SqlRunner, brandId: string, nows: Date[]): Promise<Date[]> {
  if (nows.length === 0) return [];
  const gap = 60_000 / config().FORMS_CONFIRMATIONS_PER_MINUTE;
  // Read the lane through an upsert that changes nothing: it takes the row's lock (a concurrent submission's
  // transaction waits for this one and then sees the slot it took), so two submissions never read the same
  // free slot, as a plain SELECT then UPSERT let them on an engine that runs write transactions side by side.
  const [row] = await tx.all<{ nextSlotAt: unknown }>(
    `INSERT INTO "FormConfirmationLane" ("brandId", "nextSlotAt") VALUES (?, ?ts)
     ON CONFLICT ("brandId") DO UPDATE SET "nextSlotAt" = "FormConfirmationLane"."nextSlotAt"
     RETURNING "nextSlotAt"`,
    [brandId, nows[0]],
  );
  let free = dateValue(row.nextSlotAt);
  const slots = nows.map((now) => {
    // A lane idle for a while starts again from now: unused slots of the past are not saved up for a burst.
    const slot = free > now ? free : now;
    free = new Date(slot.getTime() + gap);
    return slot;
  });
  await tx.run(`UPDATE "FormConfirmationLane" SET "nextSlotAt" = ?ts WHERE "brandId" = ?`, [free, brandId]);
  return slots;
}
