// A live edit reaches the emails already queued: an enabled workflow's email step whose content changed
// (subject, preview text, sender, reply-to, template, UTM tags) gets the content the engine would hand the
// pipeline from now on, and the step's messages still queued or paused (not being sent, not sent) are moved
// to it in the edit's transaction. How many took it is kept in the history entry (./history.ts).
import type { SqlRunner } from "@/lib/db/sql";
import { blockContent, moveUnsentEmails } from "./engine/messages";
import { changesBetween } from "./history";
import type { AutomationRecord } from "./model";
import { utmTags } from "./present";
import { flatten } from "./tree";

/** Block id → the content id its unsent messages move to. Made before the edit's transaction (it reads templates). */
export type StepContents = Map<string, string>;

/** The new content of each email step whose content the edit changes; none for a workflow that is not enabled. */
export async function stepContents(before: AutomationRecord, after: AutomationRecord): Promise<StepContents> {
  const contents: StepContents = new Map();
  if (!before.isEnabled) return contents;
  const changed = new Set(
    changesBetween(before, after).flatMap((c) => ((c.kind === "email" || c.kind === "utm") && c.blockID ? [c.blockID] : [])),
  );
  for (const block of flatten(after.blocks)) {
    if (!changed.has(block.id) || block.type !== "action" || block.action.type !== "sendEmail") continue;
    const email = block.action.sendEmail;
    const id = await blockContent({
      brandId: after.brandId,
      automationId: after.id,
      blockId: block.id,
      email,
      utm: utmTags(after, email.utm),
      threshold: after.settings.sendingThresholds.email,
    });
    // A content the pipeline refuses (a template deleted meanwhile): its queued emails keep theirs, as they were.
    if (id) contents.set(block.id, id);
  }
  return contents;
}

/** In the edit's transaction: each step's unsent messages moved to its new content; block id → how many. */
export async function moveQueuedEmails(tx: SqlRunner, record: AutomationRecord, contents: StepContents): Promise<Map<string, number>> {
  const moved = new Map<string, number>();
  for (const [blockId, contentId] of contents)
    moved.set(blockId, await moveUnsentEmails(tx, record.brandId, record.id, blockId, contentId));
  return moved;
}
