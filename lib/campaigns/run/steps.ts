// The steps of a campaign's send, each run by one worker under a lease (claim.ts):
//   start   the audience (a booster: its parent's non-openers or non-clickers) handed to the pipeline page
//           by page: everyone, or for an A/B test the test group split between a and b; a draft booster of
//           the campaign is scheduled; then finish (or decide, for an A/B test with a rest)
//   decide  the A/B winner by open or click rate (unless a person chose it), then rest
//   rest    the audience again with the winner's email, part "rest" (the test group's contacts are messages
//           already: the pipeline's once-per-campaign key makes them duplicates, never second emails)
//   finish  sent once the pipeline holds none of its messages; shows the pipeline's own pause
// A step writes its progress only while it holds the claim and the campaign is still started, so a cancel
// or a pause stops it at the next page, and a lapsed lease lets another worker go on from the cursor.
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import type { Campaign, EmailContent, VariantPart } from "../campaign-data";
import { delayMs } from "../campaign-data";
import { audiencePages, type AudienceContact } from "../audience";
import { sendTopic } from "@/lib/topics/send-topic";
import { boosterEmail, findCampaign, fromRow, utmOf } from "../campaign-store";
import { brandSendingProfile, type BrandSendingProfile } from "../brand-profile";
import { utmTags } from "../campaign-operations";
import {
  cancelCampaignMessages,
  enqueueCampaignMessages,
  partRates,
  pendingCampaignMessages,
  pipelinePause,
  recipientsWithout,
  type OutgoingEmail,
} from "../delivery-port";
import { sendTimePlan } from "./send-times";

const FINISH_POLL_MS = 5_000;
/**
 * Messages due now that a walk keeps ahead of the pipeline: past this many pending, the step stops after its
 * page and goes on from its cursor a moment later. Without it a large audience's walk (a page write after
 * another on the worker thread and the one write lock) kept the delivery worker from sending: 9 s to the
 * first message of a 200,000-contact send (npm run bench:campaigns).
 */
const AHEAD = 2_000;
const AHEAD_POLL_MS = 1_000;

export type StepContext = { workerId: string; leaseMs: number; now?: () => Date };

/** Thrown when the campaign left the step's hands (canceled, paused, stopped, or another worker took it). */
class Released extends Error {}

/** Thrown when the step stopped after a page to let the pipeline catch up; it is due again (same cursor). */
class Later extends Error {}

/** 0-9999, stable per campaign and contact: the A/B test group and variant. */
export function bucketOf(campaignId: string, contactId: string): number {
  return createHash("sha1").update(`${campaignId}:${contactId}`).digest().readUInt32BE(0) % 10_000;
}

function outgoing(campaign: Campaign, email: EmailContent, profile: BrandSendingProfile, part?: VariantPart): OutgoingEmail {
  if (!email.templateID) throw new ApiProblem("conflict", "The campaign's email has no template");
  if (!email.senderEmail) throw new ApiProblem("conflict", "The campaign's email has no sender");
  return {
    ...email,
    templateID: email.templateID,
    subject: email.subject ?? "",
    senderEmail: email.senderEmail,
    senderName: email.senderName || profile.name,
    utm: utmTags(campaign, utmOf(campaign, campaign.type === "abTest" ? part : undefined)),
  };
}

/** Writes progress while the claim is held and the campaign started; false when it is not any more. */
async function progress(ctx: StepContext, campaign: Campaign, data: Record<string, unknown>): Promise<boolean> {
  const now = ctx.now?.() ?? new Date();
  const { count } = await db.campaign.updateMany({
    where: { id: campaign.id, brandId: campaign.brandId, claimedBy: ctx.workerId, status: "started" },
    data: { ...data, claimedUntil: new Date(now.getTime() + ctx.leaseMs), updatedAt: now },
  });
  return count === 1;
}

/** The campaign's messages for one page of contacts, grouped by their send time. */
async function handOver(
  campaign: Campaign,
  part: string,
  email: OutgoingEmail,
  contacts: AudienceContact[],
  times: Map<string, Date | undefined>,
): Promise<{ queued: number; skipped: number; latest: number }> {
  const groups = new Map<number, string[]>();
  for (const contact of contacts) {
    const at = times.get(contact.id)?.getTime() ?? 0;
    const group = groups.get(at);
    if (group) group.push(contact.id);
    else groups.set(at, [contact.id]);
  }
  let queued = 0;
  let skipped = 0;
  const topic = await sendTopic(campaign.brandId, campaign.audience.topicID);
  for (const [at, ids] of groups) {
    const outcome = await enqueueCampaignMessages(campaign.brandId, campaign.id, part, email, ids, at ? new Date(at) : undefined, topic);
    queued += outcome.queued;
    skipped += outcome.skipped;
  }
  return { queued, skipped, latest: Math.max(0, ...groups.keys()) };
}

type Page = { contacts: AudienceContact[]; cursor: string };
/** Where a contact's message goes: its part and that part's email. */
type Target = { part: string; email: OutgoingEmail };

/** The pages a step walks: the audience, or a booster's part of its parent's recipients. */
async function* pagesOf(campaign: Campaign): AsyncGenerator<Page> {
  if (!campaign.booster) {
    yield* audiencePages(campaign.brandId, campaign.audience, campaign.runCursor);
    return;
  }
  const outcome = campaign.booster.sendTo === "nonClickers" ? "clicked" : "opened";
  for await (const { contactIds, cursor } of recipientsWithout(campaign.brandId, campaign.booster.parentId, outcome, campaign.runCursor)) {
    const rows = await db.contact.findMany({
      where: { brandId: campaign.brandId, id: { in: contactIds } },
      select: { id: true, countryCode: true, country: true, state: true },
    });
    yield { contacts: rows, cursor };
  }
}

/** Hands the pages over from the cursor on; `route` names each contact's part and email (null: not now). */
async function walk(
  ctx: StepContext,
  campaign: Campaign,
  profile: BrandSendingProfile,
  anchor: Date,
  route: (contacts: AudienceContact[]) => (Target | null)[],
): Promise<number> {
  const now = () => ctx.now?.() ?? new Date();
  const times = sendTimePlan(campaign, profile, anchor, now);
  let latest = 0;
  for await (const page of pagesOf(campaign)) {
    const byPart = new Map<string, { email: OutgoingEmail; contacts: AudienceContact[] }>();
    const targets = route(page.contacts);
    for (const [i, contact] of page.contacts.entries()) {
      const target = targets[i];
      if (!target) continue;
      const entry = byPart.get(target.part);
      if (entry) entry.contacts.push(contact);
      else byPart.set(target.part, { email: target.email, contacts: [contact] });
    }
    let queued = 0;
    let skipped = 0;
    for (const [part, { email, contacts }] of byPart) {
      const result = await handOver(campaign, part, email, contacts, await times(contacts));
      queued += result.queued;
      skipped += result.skipped;
      latest = Math.max(latest, result.latest);
    }
    const moved = await progress(ctx, campaign, {
      runCursor: page.cursor,
      queuedCount: { increment: queued },
      skippedCount: { increment: skipped },
    });
    if (!moved) throw new Released();
    // Only a walk whose messages are all due now waits for the pipeline (a later send time is no backlog,
    // and the step's latest send time would be lost).
    if (queued > 0 && latest <= now().getTime() && (await pendingCampaignMessages(campaign.brandId, campaign.id)) > AHEAD) {
      if (!(await progress(ctx, campaign, { nextRunAt: new Date(now().getTime() + AHEAD_POLL_MS) }))) throw new Released();
      throw new Later();
    }
  }
  return latest;
}

/** The draft booster of a campaign that starts now is scheduled for its delay after the start. */
async function scheduleBooster(campaign: Campaign, startedAt: Date): Promise<void> {
  const booster = await db.campaign.findFirst({ where: { brandId: campaign.brandId, parentId: campaign.id, status: "draft" } });
  if (!booster) return;
  const delay = fromRow(booster).booster?.delay;
  const at = new Date(startedAt.getTime() + (delay ? delayMs(delay) : 0));
  await db.campaign.updateMany({
    where: { id: booster.id, status: "draft" },
    data: {
      status: "scheduled",
      strategy: "scheduled",
      scheduledAt: at,
      runStep: "start",
      nextRunAt: at,
      runCursor: null,
      updatedAt: new Date(),
    },
  });
}

async function start(ctx: StepContext, campaign: Campaign, profile: BrandSendingProfile, dueAt: Date): Promise<void> {
  const now = ctx.now?.() ?? new Date();
  let startedAt = campaign.startedAt ?? now;
  if (campaign.status === "scheduled") {
    const { count } = await db.campaign.updateMany({
      where: { id: campaign.id, claimedBy: ctx.workerId, status: "scheduled" },
      data: { status: "started", startedAt, updatedAt: now },
    });
    if (count === 0) return;
    campaign.status = "started";
  }
  startedAt = campaign.startedAt ?? startedAt;
  await scheduleBooster(campaign, startedAt);

  // Time-zone optimized: the brand's scheduled wall-clock time (immediate: the start); personalized: the window.
  const anchor = campaign.sending.strategy === "personalized" ? dueAt : (campaign.sending.scheduledAt ?? startedAt);
  let latest: number;
  if (campaign.type === "abTest" && campaign.abTest) {
    const size = (campaign.abTest.settings.testSizePercent ?? 100) * 100;
    const emails = {
      a: outgoing(campaign, campaign.abTest.variants.a.email, profile, "a"),
      b: outgoing(campaign, campaign.abTest.variants.b.email, profile, "b"),
    };
    latest = await walk(ctx, campaign, profile, anchor, (contacts) => {
      // The variants take turns within a page, so they split the test group evenly (a coin per contact can
      // leave a small test's variant empty); the page's first test contact's bucket says which starts, so
      // neither is favoured and a replayed page routes its contacts as before.
      let turn = -1;
      return contacts.map((contact) => {
        const bucket = bucketOf(campaign.id, contact.id);
        if (bucket >= size) return null;
        turn = turn < 0 ? bucket % 2 : 1 - turn;
        const part: VariantPart = turn === 0 ? "a" : "b";
        return { part, email: emails[part] };
      });
    });
    if (size < 10_000) {
      // The decision is due after the decision time (now, when a person chose the winner meanwhile).
      const current = await findCampaign(campaign.brandId, campaign.id);
      const decision = campaign.abTest.settings.decisionTime;
      const decideAt = current?.winner ? now : new Date(startedAt.getTime() + (decision ? delayMs(decision) : 0));
      if (!(await progress(ctx, campaign, { runStep: "decide", runCursor: null, nextRunAt: decideAt }))) throw new Released();
      return;
    }
  } else {
    const parent = campaign.booster ? await findCampaign(campaign.brandId, campaign.booster.parentId) : null;
    const email = outgoing(campaign, campaign.booster ? boosterEmail(parent, campaign) : (campaign.content?.email ?? {}), profile);
    latest = await walk(ctx, campaign, profile, anchor, (contacts) => contacts.map(() => ({ part: "", email })));
  }
  await toFinish(ctx, campaign, latest);
}

async function toFinish(ctx: StepContext, campaign: Campaign, latest: number): Promise<void> {
  const now = (ctx.now?.() ?? new Date()).getTime();
  if (!(await progress(ctx, campaign, { runStep: "finish", runCursor: null, nextRunAt: new Date(Math.max(now, latest)) })))
    throw new Released();
}

async function decide(ctx: StepContext, campaign: Campaign): Promise<void> {
  if (!campaign.abTest) return;
  if (!campaign.winner) {
    const metric = campaign.abTest.settings.winningMetric ?? "openRate";
    const [a, b] = await Promise.all([partRates(campaign.brandId, campaign.id, "a"), partRates(campaign.brandId, campaign.id, "b")]);
    const rate = (r: { open: number; click: number }) => (metric === "clickRate" ? r.click : r.open);
    const part: VariantPart = rate(b) > rate(a) ? "b" : "a";
    const now = ctx.now?.() ?? new Date();
    const { count } = await db.campaign.updateMany({
      where: { id: campaign.id, claimedBy: ctx.workerId, status: "started", winnerPart: null },
      data: { winnerPart: part, winnerSelectedAt: now, winnerManual: false, updatedAt: now },
    });
    if (count === 0 && !(await findCampaign(campaign.brandId, campaign.id))?.winner) throw new Released();
  }
  if (!(await progress(ctx, campaign, { runStep: "rest", runCursor: null, nextRunAt: ctx.now?.() ?? new Date() }))) throw new Released();
}

async function rest(ctx: StepContext, campaign: Campaign, profile: BrandSendingProfile): Promise<void> {
  if (!campaign.abTest || !campaign.winner) return;
  const part = campaign.winner.part;
  const email = outgoing(campaign, campaign.abTest.variants[part].email, profile, part);
  const anchor = campaign.sending.scheduledAt ?? campaign.startedAt ?? new Date();
  const latest = await walk(ctx, campaign, profile, anchor, (contacts) => contacts.map(() => ({ part: "rest", email })));
  await toFinish(ctx, campaign, latest);
}

async function finish(ctx: StepContext, campaign: Campaign): Promise<void> {
  const now = ctx.now?.() ?? new Date();
  const paused = await pipelinePause(campaign.brandId, campaign.id);
  if (paused) {
    // The pipeline held the messages (bounce or complaint rate): the campaign shows it; resume goes on.
    await db.campaign.updateMany({
      where: { id: campaign.id, claimedBy: ctx.workerId, status: "started" },
      data: { status: "paused", statusReason: paused, updatedAt: now },
    });
    return;
  }
  if ((await pendingCampaignMessages(campaign.brandId, campaign.id)) > 0) {
    await progress(ctx, campaign, { nextRunAt: new Date(now.getTime() + FINISH_POLL_MS) });
    return;
  }
  await db.campaign.updateMany({
    where: { id: campaign.id, claimedBy: ctx.workerId, status: "started" },
    data: { status: "sent", endedAt: now, runStep: null, nextRunAt: null, runCursor: null, updatedAt: now },
  });
}

/** Runs the claimed step of one campaign; a step that cannot go on puts the campaign in error. */
export async function runStep(ctx: StepContext, campaignId: string, dueAt: Date): Promise<void> {
  const row = await db.campaign.findUnique({ where: { id: campaignId } });
  if (!row || row.claimedBy !== ctx.workerId) return;
  const campaign = fromRow(row);
  try {
    const profile = await brandSendingProfile(campaign.brandId);
    switch (campaign.runStep) {
      case "start":
        await start(ctx, campaign, profile, dueAt);
        break;
      case "decide":
        await decide(ctx, campaign);
        break;
      case "rest":
        await rest(ctx, campaign, profile);
        break;
      case "finish":
        await finish(ctx, campaign);
        break;
    }
  } catch (error) {
    if (error instanceof Later) return;
    if (error instanceof Released) {
      const current = await findCampaign(campaign.brandId, campaign.id);
      // A cancel raced the page: what that page queued is skipped too.
      if (current?.status === "canceled") await cancelCampaignMessages(campaign.brandId, campaign.id);
      return;
    }
    if (error instanceof ApiProblem) {
      // What no retry fixes (a deleted template, an unverified sender): the campaign stops in error.
      const now = ctx.now?.() ?? new Date();
      await db.campaign.updateMany({
        where: { id: campaign.id, claimedBy: ctx.workerId, status: { in: ["started", "scheduled"] } },
        data: { status: "error", statusReason: error.detail, runStep: null, nextRunAt: null, endedAt: now, updatedAt: now },
      });
      return;
    }
    throw error;
  } finally {
    // The claim ends with the step; the next step (if any) is due at nextRunAt for any worker.
    await db.campaign.updateMany({ where: { id: campaign.id, claimedBy: ctx.workerId }, data: { claimedBy: null, claimedUntil: null } });
  }
}
