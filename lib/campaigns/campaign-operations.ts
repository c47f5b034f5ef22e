// The published operations on one campaign besides create and PATCH: read, delete, copy, UTM tags, the
// A/B test's stop / resume / winner, and (Inkwell extras for the dashboard) pause and resume. Sending and
// canceling are in send-campaign.ts.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
import type { Campaign, UtmData } from "./campaign-data";
import { campaignRecord, dataColumns, findCampaign, loadCampaign, notFound, utmOf } from "./campaign-store";
import { issue } from "./rules";
import type { CampaignRecord, UTMUpdate, UtmTags } from "./schemas";
import { statusConflict, transition } from "./status-machine";
import { validationProblem } from "./create-campaign";
import { wakeCampaignWorker } from "./run/wake";
import { HAND_PAUSE_REASON, pauseCampaignMessages, resumeCampaignMessages } from "./delivery-port";

export async function getCampaign(brandId: string, id: string): Promise<CampaignRecord> {
  const campaign = await loadCampaign(brandId, id);
  const parent = campaign.booster ? await findCampaign(brandId, campaign.booster.parentId) : null;
  return campaignRecord(campaign, parent?.content?.email ?? null);
}

/** Published: 204 whether or not it existed (no 404 is documented); 409 while a send is in progress. */
export async function deleteCampaign(brandId: string, id: string): Promise<void> {
  const campaign = await findCampaign(brandId, id);
  if (!campaign) return;
  const { count } = await db.campaign.deleteMany({
    where: { id, brandId, status: { in: ["draft", "sent", "canceled", "error", "expired", "onHold"] } },
  });
  if (count === 0) {
    const current = await findCampaign(brandId, id);
    if (current) throw statusConflict("delete", current.status);
    return;
  }
  // A draft booster goes with its parent: it could never be sent without it.
  await db.campaign.deleteMany({ where: { brandId, parentId: id, status: "draft" } });
}

const COPY_PREFIX = "Copy of: ";

export async function copyCampaign(brandId: string, id: string): Promise<CampaignRecord> {
  const original = await loadCampaign(brandId, id);
  if (original.type === "booster")
    throw new ApiProblem("unsupported-campaign-type", "A booster cannot be copied: create a booster for the campaign it should follow");
  const data = structuredClone({
    name: (COPY_PREFIX + original.name).slice(0, 250),
    channel: original.channel,
    type: original.type,
    language: original.language,
    audience: original.audience,
    content: original.content,
    sending: original.sending,
    abTest: original.abTest,
    booster: null,
    utm: original.utm,
  });
  if (data.abTest) {
    data.abTest.variants.a.id = newId();
    data.abTest.variants.b.id = newId();
  }
  // A schedule in the past would make the copy unsendable as it stands: the copy sends at once instead.
  if (data.sending.scheduledAt && data.sending.scheduledAt.getTime() <= Date.now() && data.sending.strategy === "scheduled")
    data.sending = {
      strategy: "immediate",
      scheduledAt: null,
      optimizeFor: null,
      isTZOptimizationEnabled: data.sending.isTZOptimizationEnabled,
    };
  const now = new Date();
  const row = await db.campaign.create({
    data: { id: newId(now), brandId, status: "draft", ...dataColumns(data), createdAt: now, updatedAt: now },
  });
  return getCampaign(brandId, row.id);
}

// ---- UTM tags

export const UTM_DEFAULTS = { source: "inkwell", medium: "email" } as const;

export function utmTags(campaign: Pick<Campaign, "name" | "utm">, stored: UtmData): UtmTags {
  return {
    source: stored.source || UTM_DEFAULTS.source,
    medium: stored.medium || UTM_DEFAULTS.medium,
    campaign: stored.campaign || campaign.name,
  };
}

function utmResponse(campaign: Campaign) {
  if (campaign.type === "abTest" && campaign.abTest)
    return {
      variants: {
        a: { id: campaign.abTest.variants.a.id, tags: utmTags(campaign, utmOf(campaign, "a")) },
        b: { id: campaign.abTest.variants.b.id, tags: utmTags(campaign, utmOf(campaign, "b")) },
      },
    };
  return { tags: utmTags(campaign, utmOf(campaign)) };
}

export async function getUtm(brandId: string, id: string) {
  return utmResponse(await loadCampaign(brandId, id));
}

const cleanTags = (tags: UtmData | undefined): UtmData =>
  Object.fromEntries(Object.entries(tags ?? {}).filter(([, v]) => typeof v === "string" && v !== "")) as UtmData;

export async function updateUtm(brandId: string, id: string, body: UTMUpdate) {
  const campaign = await loadCampaign(brandId, id);
  if (campaign.status !== "draft") throw statusConflict("updateUtm", campaign.status);
  const isAb = campaign.type === "abTest";
  if (isAb && body.tags) throw validationProblem([issue(["tags"], "not_allowed", "an A/B test takes variants, not tags")]);
  if (!isAb && body.variants) throw validationProblem([issue(["variants"], "not_allowed", "only an A/B test takes variants: give tags")]);
  const utm = isAb ? { a: cleanTags(body.variants?.a), b: cleanTags(body.variants?.b) } : cleanTags(body.tags);
  await transition(brandId, id, "updateUtm", { utm });
  return utmResponse(await loadCampaign(brandId, id));
}

// ---- A/B test operations

async function loadAbTest(brandId: string, id: string): Promise<Campaign> {
  const campaign = await loadCampaign(brandId, id);
  if (campaign.type !== "abTest" || !campaign.abTest)
    throw new ApiProblem("unsupported-campaign-type", "The campaign is not an A/B test: this operation is for A/B test campaigns");
  return campaign;
}

/** Halts automatic winner selection (the test's messages go on); allowed while started. */
export async function stopAbTest(brandId: string, id: string): Promise<void> {
  await loadAbTest(brandId, id);
  await transition(brandId, id, "stopTest", { status: "stopped" });
}

export async function resumeAbTest(brandId: string, id: string): Promise<void> {
  await loadAbTest(brandId, id);
  await transition(brandId, id, "resumeTest", { status: "started" });
  wakeCampaignWorker();
}

/**
 * A person picks the winner: it goes to the rest of the audience at once (when the test's own messages
 * are all handed over). 409 once a winner is chosen, or for a test of the whole audience (no rest).
 */
export async function selectWinner(brandId: string, id: string, variantID: string): Promise<void> {
  const campaign = await loadAbTest(brandId, id);
  const part = (["a", "b"] as const).find((p) => campaign.abTest!.variants[p].id === variantID);
  if (!part) throw validationProblem([issue(["variantID"], "unknown_variant", "is neither abTest.variants.a.id nor abTest.variants.b.id")]);
  if ((campaign.abTest!.settings.testSizePercent ?? 100) >= 100)
    throw new ApiProblem("conflict", "This A/B test went to the whole audience: there is no rest to send a winner to");
  const now = new Date();
  await transition(
    brandId,
    id,
    "selectWinner",
    {
      status: "started",
      winnerPart: part,
      winnerSelectedAt: now,
      winnerManual: true,
      // The decision step runs now if the test group is handed over; otherwise when it is.
      ...(campaign.runStep === "decide" ? { nextRunAt: now } : {}),
    },
    { winnerPart: null },
  );
  wakeCampaignWorker();
}

// ---- pause and resume (Inkwell extras: the dashboard's buttons while a campaign sends)

export async function pauseCampaign(brandId: string, id: string): Promise<void> {
  await transition(brandId, id, "pause", { status: "paused", statusReason: HAND_PAUSE_REASON });
  await pauseCampaignMessages(brandId, id, HAND_PAUSE_REASON);
}

export async function resumeCampaign(brandId: string, id: string): Promise<void> {
  await transition(brandId, id, "resume", { status: "started", statusReason: null });
  await resumeCampaignMessages(brandId, id);
  wakeCampaignWorker();
}

export { notFound };
