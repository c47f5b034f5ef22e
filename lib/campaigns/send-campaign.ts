// POST /api/campaigns/{id}/send and /cancel. A send checks that the draft can go as it stands (409 with
// every reason otherwise), then moves it to started (immediate) or scheduled, with the first step of its
// run due at its start: the campaign worker (run/) does the rest, durably and once among N instances.
import { db } from "@/lib/db";
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import type { Campaign, EmailContent } from "./campaign-data";
import { boosterEmail, findCampaign, loadCampaign } from "./campaign-store";
import { brandSendingProfile, type BrandSendingProfile } from "./brand-profile";
import { emailsOf } from "./create-campaign";
import { cancelCampaignMessages } from "./delivery-port";
import { issue } from "./rules";
import { isDeploymentAddress } from "@/lib/delivery/senders/verified-sender";
import { isVerifiedSender } from "./senders";
import { assertAllowed, transition } from "./status-machine";
import { EARLIEST_ZONE, sameWallTimeIn, startOfDay } from "./time-zones";
import { wakeCampaignWorker } from "./run/wake";

const HOUR = 3_600_000;

/** When the run's first step is due: the scheduled time (the first time zone's, when optimized), or now. */
export function plannedStart(campaign: Pick<Campaign, "sending">, profile: BrandSendingProfile, now: Date): Date {
  const { strategy, scheduledAt, isTZOptimizationEnabled } = campaign.sending;
  if (strategy === "immediate" || !scheduledAt) return now;
  if (strategy === "personalized") {
    // Published: a day that is today starts the window at the next whole hour.
    if (scheduledAt.getTime() > now.getTime()) return scheduledAt;
    return new Date(Math.ceil((now.getTime() + 1) / HOUR) * HOUR);
  }
  let start = scheduledAt;
  if (isTZOptimizationEnabled) {
    const earliest = sameWallTimeIn(scheduledAt, profile.timeZone, EARLIEST_ZONE);
    if (earliest.getTime() < start.getTime()) start = earliest;
  }
  return start.getTime() < now.getTime() ? now : start;
}

/** The emails the campaign will send, with the request path a problem names. */
async function outgoingEmails(campaign: Campaign): Promise<{ path: string; email: EmailContent }[]> {
  if (campaign.type === "booster") {
    const parent = await findCampaign(campaign.brandId, campaign.booster!.parentId);
    return [{ path: "/content/email", email: boosterEmail(parent, campaign) }];
  }
  return emailsOf(campaign);
}

/** What stops the campaign from being sent as it stands (the published 409 "content is invalid"). */
export async function sendabilityIssues(campaign: Campaign, profile: BrandSendingProfile, now = new Date()): Promise<FieldError[]> {
  const out: FieldError[] = [];
  const emails = await outgoingEmails(campaign);
  const templateIds = [...new Set(emails.flatMap((e) => (e.email.templateID ? [e.email.templateID] : [])))];
  const segmentIds = [...new Set([...campaign.audience.includedSegmentIDs, ...campaign.audience.excludedSegmentIDs])];
  const [templates, segments] = await Promise.all([
    db.emailTemplate.findMany({ where: { brandId: campaign.brandId, id: { in: templateIds } }, select: { id: true } }),
    db.segment.findMany({ where: { brandId: campaign.brandId, id: { in: segmentIds } }, select: { id: true } }),
  ]);
  const haveTemplates = new Set(templates.map((t) => t.id));
  const haveSegments = new Set(segments.map((s) => s.id));
  for (const { path, email } of emails) {
    const at = path.slice(1).split("/");
    if (!email.templateID) out.push(issue([...at, "templateID"], "required", "the email has no template"));
    else if (!haveTemplates.has(email.templateID))
      out.push(issue([...at, "templateID"], "not_found", `the template ${email.templateID} was deleted`));
    if (!email.subject?.trim()) out.push(issue([...at, "subject"], "required", "the email needs a subject before it is sent"));
    if (!email.senderEmail) out.push(issue([...at, "senderEmail"], "required", "the email has no sender"));
    else if (!(await isVerifiedSender(campaign.brandId, email.senderEmail)))
      out.push(
        issue(
          [...at, "senderEmail"],
          "unverified",
          isDeploymentAddress(email.senderEmail)
            ? `${email.senderEmail} is this Inkwell's own address, which brands may not send from (SMTP_FROM_SHARED=off)`
            : `${email.senderEmail} is no longer a verified sender of the brand`,
        ),
      );
  }
  for (const key of ["includedSegmentIDs", "excludedSegmentIDs"] as const)
    campaign.audience[key].forEach((id, i) => {
      if (!haveSegments.has(id)) out.push(issue(["audience", key, i], "not_found", `the segment ${id} was deleted`));
    });
  const { strategy, scheduledAt } = campaign.sending;
  if (strategy === "scheduled" && scheduledAt && scheduledAt.getTime() <= now.getTime())
    out.push(issue(["sendingSettings", "scheduledAt"], "in_past", "the scheduled time has passed: choose a new one"));
  if (strategy === "personalized" && scheduledAt && scheduledAt.getTime() < startOfDay(now, profile.timeZone).getTime())
    out.push(issue(["sendingSettings", "scheduledAt"], "in_past", "the day has passed: choose today or a later day"));
  return out;
}

export async function sendCampaign(brandId: string, id: string): Promise<void> {
  const campaign = await loadCampaign(brandId, id);
  assertAllowed("send", campaign.status);
  if (campaign.booster) {
    const parent = await findCampaign(brandId, campaign.booster.parentId);
    if (!parent || parent.status !== "sent")
      throw new ApiProblem(
        "conflict",
        parent?.status === "draft"
          ? "This booster is sent by its parent: it is scheduled when the parent is sent"
          : "A booster is sent once its parent campaign is sent",
      );
  }
  const profile = await brandSendingProfile(brandId);
  const now = new Date();
  const errors = await sendabilityIssues(campaign, profile, now);
  if (errors.length > 0)
    throw new ApiProblem(
      "conflict",
      `The campaign cannot be sent as it stands: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}`,
      {
        errors,
      },
    );
  const start = plannedStart(campaign, profile, now);
  const startsNow = start.getTime() <= now.getTime();
  await transition(brandId, id, "send", {
    status: startsNow ? "started" : "scheduled",
    statusReason: null,
    startedAt: startsNow ? now : null,
    runStep: "start",
    nextRunAt: start,
    runCursor: null,
    claimedBy: null,
    claimedUntil: null,
  });
  if (startsNow) wakeCampaignWorker();
}

export async function cancelCampaign(brandId: string, id: string): Promise<void> {
  const now = new Date();
  await transition(brandId, id, "cancel", {
    status: "canceled",
    statusReason: "Canceled by hand",
    endedAt: now,
    runStep: null,
    nextRunAt: null,
    claimedUntil: null,
  });
  // Best effort (published): what the pipeline has not handed over yet is not sent.
  await cancelCampaignMessages(brandId, id);
  await db.campaign.updateMany({
    where: { brandId, parentId: id, status: { in: ["draft", "scheduled"] } },
    data: { status: "expired", statusReason: "Its parent campaign was canceled", runStep: null, nextRunAt: null, updatedAt: now },
  });
}
