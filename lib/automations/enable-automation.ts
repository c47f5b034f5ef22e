// Enable and disable (published: both idempotent). Enabling makes every events worker's trigger index
// reload (the version row), and gives a trigger that is no event its timer (./engine/schedules.ts);
// enrollExisting enrolls who already qualifies where the published rules allow it. Disabling stops new
// entries at once; `exit` ends every enrollment in the workflow, `keep` lets the started ones finish.
import { writeTransaction } from "@/lib/db/sql";
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { db } from "@/lib/db";
import { cancelSource, resumeSource, senderVerdict, sourceState } from "@/lib/delivery";
import { deploymentSenderShared } from "@/lib/delivery/senders/verified-sender";
import { automationSource } from "./engine/messages";
import { addCounters } from "./engine/counters";
import { brandTimeZone } from "./engine/brand-zone";
import { backfillWindowStart, putSchedule, scheduleKindOf } from "./engine/schedules";
import { BUILT_IN_EVENTS, type AutomationRecord } from "./model";
import { presentAutomation } from "./present";
import { bumpTriggerVersion, getAutomation } from "./store";
import { flatten } from "./tree";

const notApplicable = (detail: string) =>
  new ApiProblem("enroll-existing-not-applicable", detail, {
    errors: [{ field: "enrollExisting", pointer: "/enrollExisting", code: "enroll-existing-not-applicable", message: detail }],
  });

function checkEnrollExisting(a: AutomationRecord): void {
  const event = a.trigger.condition.event;
  if (event === BUILT_IN_EVENTS.birthday || event === BUILT_IN_EVENTS.backInStock || event === BUILT_IN_EVENTS.subscribed) {
    throw notApplicable(`enrollExisting is not supported for the "${event}" trigger: enable without it`);
  }
  if (event === BUILT_IN_EVENTS.enteredSegment) {
    if (a.firstEnabledAt)
      throw notApplicable("enrollExisting enrolls a segment's members only on the first enable; copy the workflow for a fresh enrollment");
    return;
  }
  if (a.blocks[0]?.type !== "delay") {
    throw notApplicable(
      "enrollExisting needs the workflow to start with a delay: contacts whose trigger event happened within it are enrolled",
    );
  }
}

/** What must hold before contacts may go through the workflow (ConflictProblem errors when not). */
export async function readinessErrors(a: AutomationRecord): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const emails = flatten(a.blocks).flatMap((b) => (b.type === "action" && b.action.type === "sendEmail" ? [b.action.sendEmail] : []));
  const contents = [...new Set(emails.map((e) => e.contentId))];
  const senders = [...new Set(emails.flatMap((e) => (e.senderEmail ? [e.senderEmail.toLowerCase()] : [])))];
  for (const sender of senders) {
    const verdict = await senderVerdict(a.brandId, sender);
    if (!verdict.verified)
      errors.push({
        field: "blocks.action.sendEmail.senderEmail",
        pointer: "/blocks",
        code: "sender_unverified",
        message: verdict.notShared
          ? `${sender} is this Inkwell's own address, which its operator does not let brands send from (SMTP_FROM_SHARED=off): name a sender verified under Settings → Sending`
          : `${sender} is not a verified sender of the brand: verify it under Settings → Sending${deploymentSenderShared() ? ", or leave the sender address empty" : ""}`,
      });
  }
  // An empty sender address sends from the deployment's address: only where the operator shares it.
  if (!deploymentSenderShared() && emails.some((e) => !e.senderEmail))
    errors.push({
      field: "blocks.action.sendEmail.senderEmail",
      pointer: "/blocks",
      code: "sender_unverified",
      message:
        "an email block has no sender address, and this Inkwell does not let brands send from its own address (SMTP_FROM_SHARED=off): name a sender verified under Settings → Sending",
    });
  const found = new Set(
    contents.length
      ? (await db.emailTemplate.findMany({ where: { brandId: a.brandId, id: { in: contents } }, select: { id: true } })).map((t) => t.id)
      : [],
  );
  for (const id of contents) {
    if (!found.has(id))
      errors.push({
        field: "blocks.action.sendEmail.contentID",
        pointer: "/blocks",
        code: "content_missing",
        message: `email content ${id} was deleted: replace the block's email`,
      });
  }
  if (a.trigger.condition.event === BUILT_IN_EVENTS.enteredSegment) {
    const segmentId = String(a.trigger.condition.filterGroups?.[0]?.filters[0]?.value ?? "");
    const segment = await db.segment.findFirst({ where: { id: segmentId, brandId: a.brandId, archivedAt: null }, select: { id: true } });
    if (!segment)
      errors.push({
        field: "trigger.condition.filterGroups.filters.value",
        pointer: "/trigger/condition/filterGroups/0/filters/0/value",
        code: "segment_missing",
        message: "the segment was deleted or archived",
      });
  }
  return errors;
}

export async function enableAutomation(brandId: string, id: string, enrollExisting: boolean) {
  const a = await getAutomation(brandId, id);
  if (a.isEnabled) return presentAutomation(a);
  if (enrollExisting) checkEnrollExisting(a);
  const errors = await readinessErrors(a);
  if (errors.length > 0) {
    throw new ApiProblem("conflict", `The automation cannot be enabled: ${errors.map((e) => e.message).join("; ")}`, { errors });
  }
  // Disabled with exit earlier (canceled), or paused by the pipeline (a bounce rate, a mail server setting it
  // refused: figures' emailsPaused): enabling again is the owner's resume, and the held emails go out.
  if ((await sourceState(brandId, automationSource(id))).status !== "active") await resumeSource(brandId, automationSource(id));
  const now = new Date();
  const kind = scheduleKindOf(a, enrollExisting);
  let cursor: string | null = null;
  if (kind === "segment") cursor = enrollExisting ? "seed-enroll" : "seed";
  else if (kind === "birthday" || kind === "backInStock") cursor = now.toISOString();
  else if (kind === "subscribed") cursor = JSON.stringify({ since: now.toISOString() });
  else if (kind === "backfill") {
    const first = a.blocks[0];
    const zone = await brandTimeZone(brandId);
    const from = first?.type === "delay" ? backfillWindowStart(first.delay, now, zone) : now;
    cursor = JSON.stringify({ from: from.toISOString(), until: now.toISOString() });
  }
  await writeTransaction(async (tx) => {
    const changed = await tx.run(
      `UPDATE "Automation" SET "isEnabled" = ?bool, "enabledAt" = ?ts, "firstEnabledAt" = COALESCE("firstEnabledAt", ?ts), "updatedAt" = ?ts
       WHERE "id" = ? AND "brandId" = ? AND "isEnabled" = ?bool`,
      [true, now, now, now, id, brandId, false],
    );
    if (changed === 0) return; // enabled meanwhile by another request
    await bumpTriggerVersion(tx);
    if (kind) await putSchedule(tx, a, kind, cursor, now);
  });
  return presentAutomation(await getAutomation(brandId, id));
}

export async function disableAutomation(brandId: string, id: string, contactsInWorkflow: "keep" | "exit") {
  const a = await getAutomation(brandId, id);
  if (!a.isEnabled) return presentAutomation(a);
  const now = new Date();
  const disabled = await writeTransaction(async (tx) => {
    const changed = await tx.run(
      `UPDATE "Automation" SET "isEnabled" = ?bool, "disabledAt" = ?ts, "updatedAt" = ?ts WHERE "id" = ? AND "brandId" = ? AND "isEnabled" = ?bool`,
      [false, now, now, id, brandId, true],
    );
    if (changed === 0) return false;
    await bumpTriggerVersion(tx);
    await tx.run(`DELETE FROM "AutomationSchedule" WHERE "automationId" = ? AND "brandId" = ?`, [id, brandId]);
    // No new contacts enter: enrollments that have not started (an inactivity wait, a start not yet run) end either way.
    const ended = await tx.all<{ startedAt: unknown }>(
      `UPDATE "AutomationEnrollment" SET "status" = 'exited', "endReason" = 'disabled', "dueAt" = NULL, "endedAt" = ?ts, "claimedBy" = NULL,
         "claimedUntil" = NULL, "quietKey" = NULL
       WHERE "automationId" = ? AND "status" = 'active' ${contactsInWorkflow === "keep" ? `AND "startedAt" IS NULL` : ""}
       RETURNING "startedAt"`,
      [now, id],
    );
    const exited = ended.filter((r) => r.startedAt !== null && r.startedAt !== undefined).length;
    await addCounters(tx, [{ brandId, automationId: id, blockId: "", metric: "exited", n: exited }]);
    return true;
  });
  // exit: the emails of the workflow still waiting in the pipeline are not sent (skipped, reason canceled).
  if (disabled && contactsInWorkflow === "exit") await cancelSource(brandId, automationSource(id));
  return presentAutomation(await getAutomation(brandId, id));
}
