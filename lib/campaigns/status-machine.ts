// The campaign status machine: which statuses each operation is allowed from, and the problem (409) an
// operation gets from any other status. A transition is one conditional UPDATE (status IN allowed), so two
// requests racing cannot both win; the loser sees 409 like a request that came later.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import type { Prisma } from "@/lib/generated/prisma/client";
import { notFound } from "./campaign-store";
import type { CampaignStatus } from "./schemas";

export type Operation =
  | "update"
  | "changeTemplate"
  | "updateUtm"
  | "send"
  | "cancel"
  | "pause"
  | "resume"
  | "stopTest"
  | "resumeTest"
  | "selectWinner"
  | "delete";

export const ALLOWED_FROM: Record<Operation, readonly CampaignStatus[]> = {
  update: ["draft"],
  changeTemplate: ["draft"],
  updateUtm: ["draft"],
  send: ["draft"],
  // Published: scheduled or paused (any channel), started (email only, best effort).
  cancel: ["scheduled", "paused", "started"],
  pause: ["started"],
  resume: ["paused"],
  stopTest: ["started"],
  resumeTest: ["stopped"],
  selectWinner: ["started", "stopped"],
  // A send in progress is canceled first; what has ended may go.
  delete: ["draft", "sent", "canceled", "error", "expired", "onHold"],
};

const WHAT: Record<Operation, string> = {
  update: "Only a draft can be changed: copy the campaign and change the copy",
  changeTemplate: "Only a draft's template can be changed: copy the campaign and change the copy",
  updateUtm: "Only a draft's UTM tags can be changed",
  send: "Only a draft can be sent: to send a campaign again, copy it and send the copy",
  cancel: "Only a scheduled, started or paused campaign can be canceled",
  pause: "Only a campaign that is sending can be paused",
  resume: "Only a paused campaign can be resumed",
  stopTest: "Only an A/B test that is running (started) can be stopped",
  resumeTest: "Only a stopped A/B test can be resumed",
  selectWinner: "A winner can be chosen only while the A/B test runs (started or stopped) and none is chosen yet",
  delete: "A scheduled, started, paused or stopped campaign cannot be deleted: cancel it first",
};

export function statusConflict(operation: Operation, status: CampaignStatus): ApiProblem {
  return new ApiProblem("conflict", `The campaign is ${status}. ${WHAT[operation]}.`, { campaignStatus: status });
}

export function assertAllowed(operation: Operation, status: CampaignStatus): void {
  if (!ALLOWED_FROM[operation].includes(status)) throw statusConflict(operation, status);
}

/**
 * Moves the campaign from one of the statuses `operation` is allowed from, writing `data` with it, in one
 * conditional update; throws 404 for no such campaign and 409 when its status forbids the operation.
 * `extra` narrows the condition further (a winner not chosen yet, say).
 */
export async function transition(
  brandId: string,
  id: string,
  operation: Operation,
  data: Prisma.CampaignUpdateManyMutationInput,
  extra: Prisma.CampaignWhereInput = {},
): Promise<void> {
  const { count } = await db.campaign.updateMany({
    where: { id, brandId, status: { in: [...ALLOWED_FROM[operation]] }, ...extra },
    data: { ...data, updatedAt: new Date() },
  });
  if (count === 1) return;
  const current = await db.campaign.findFirst({ where: { id, brandId }, select: { status: true } });
  if (!current) throw notFound();
  throw statusConflict(operation, current.status as CampaignStatus);
}
