// A contact's journeys (GET /api/contacts/{id}/automations, the profile's panel): each enrollment of the
// contact, newest first, with the workflow's name, where it is (the block, and until when it waits) or how
// it ended, and what its blocks did (emails with their subjects, webhooks, tags, branches taken).
import { z } from "zod";
import { sqlReader } from "@/lib/db/sql";
import { dateValue, jsonValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";
import { latestTriggerAt } from "./engine/walk";
import type { TriggerData } from "./engine/messages";
import type { Block, Trigger } from "./model";
import { durationMs } from "./time";
import { flatten } from "./tree";
import { durationWords } from "./words";

export const JourneysQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

const Step = z.object({
  blockID: z.string(),
  kind: z.string().meta({ description: "sendEmail, sendWebhook, addTag, removeTag, split, abTesting" }),
  status: z.string().meta({ description: "done, pending (a webhook being retried) or failed" }),
  outcome: z.string().nullable(),
  subject: z
    .string()
    .nullable()
    .meta({ description: "An email step's subject as the workflow has it (its personalization tags unfilled); null for other steps" }),
  at: z.string(),
});
export const JourneyList = z
  .object({
    journeys: z.array(
      z.object({
        enrollmentID: z.string(),
        automationID: z.string(),
        automationName: z.string(),
        status: z.string().meta({ description: "active, completed, exited or canceled" }),
        started: z.boolean().meta({ description: "false while the trigger's inactivity time runs, or before the start checks" }),
        blockID: z.string().nullable(),
        blockLabel: z.string().nullable(),
        waitingUntil: z.string().nullable(),
        triggeredBy: z.string(),
        triggeredAt: z.string(),
        endedAt: z.string().nullable(),
        endReason: z.string().nullable(),
        steps: z.array(Step),
      }),
    ),
  })
  .meta({ id: "ContactJourneyList" });

export function blockLabel(block: Block | undefined): string | null {
  if (!block) return null;
  switch (block.type) {
    case "delay":
      return block.delay.mode === "duration" && block.delay.duration
        ? `Wait ${durationWords(block.delay.duration.amount, block.delay.duration.units)}`
        : block.delay.mode === "specificTime"
          ? `Wait until ${block.delay.time}`
          : "Continue";
    case "action":
      return block.action.type === "sendEmail"
        ? `Email: ${block.action.sendEmail.subject}`
        : block.action.type === "sendWebhook"
          ? "Webhook"
          : `${block.action.type === "addTag" ? "Add" : "Remove"} tag ${block.action.type === "addTag" ? block.action.addTag.value : block.action.removeTag.value}`;
    case "split":
      return "Split";
    case "abTesting":
      return "A/B test";
  }
}

/** An email block's subject (a removed block's is unknown: null). */
const emailSubject = (block: Block | undefined): string | null =>
  block?.type === "action" && block.action.type === "sendEmail" ? block.action.sendEmail.subject : null;

const iso = (v: unknown) => (v === null || v === undefined ? null : dateValue(v).toISOString());

export async function contactJourneys(brandId: string, contactId: string, limit: number) {
  const reader = sqlReader();
  const [contact] = await reader.all<{ id: string }>(`SELECT "id" FROM "Contact" WHERE "id" = ? AND "brandId" = ?`, [contactId, brandId]);
  if (!contact) throw new ApiProblem("not-found", "No contact with this id in your brand");
  const enrollments = await reader.all<Record<string, unknown>>(
    `SELECT e."id", e."automationId", e."status", e."blockId", e."dueAt", e."trigger", e."triggeredAt", e."startedAt", e."endedAt", e."endReason",
       e."quietKey", a."name", a."blocks", a."trigger" AS "automationTrigger"
     FROM "AutomationEnrollment" e JOIN "Automation" a ON a."id" = e."automationId"
     WHERE e."brandId" = ? AND e."contactId" = ? ORDER BY e."triggeredAt" DESC, e."id" DESC LIMIT ?`,
    [brandId, contactId, limit],
  );
  const ids = enrollments.map((e) => String(e.id));
  const runs = ids.length
    ? await reader.all<{ enrollmentId: string; blockId: string; kind: string; status: string; outcome: string | null; at: unknown }>(
        `SELECT "enrollmentId", "blockId", "kind", "status", "outcome", "at" FROM "AutomationBlockRun" WHERE "enrollmentId" IN (${ids.map(() => "?").join(", ")}) ORDER BY "at"`,
        ids,
      )
    : [];
  return {
    journeys: enrollments.map((e) => {
      const blocks = flatten((jsonValue(e.blocks) ?? []) as Block[]);
      const block = blocks.find((b) => b.id === e.blockId);
      const flowOrder = (blockId: string) => blocks.findIndex((b) => b.id === blockId);
      const trigger = (jsonValue(e.trigger) ?? {}) as TriggerData;
      const active = e.status === "active";
      // A waiting row (inactivity) keeps its dueAt while trigger events replace its trigger data
      // (engine/on-events.ts): it waits until the quiet time after the latest one.
      const quiet = e.quietKey ? (jsonValue(e.automationTrigger) as Trigger | null)?.inactivitySettings?.duration : undefined;
      const latest = latestTriggerAt({
        trigger,
        triggeredAt: dateValue(e.triggeredAt),
        quietKey: e.quietKey === null || e.quietKey === undefined ? null : String(e.quietKey),
      });
      const dueAt = quiet ? new Date(Math.max(dateValue(e.dueAt).getTime(), latest.getTime() + durationMs(quiet))) : e.dueAt;
      return {
        enrollmentID: String(e.id),
        automationID: String(e.automationId),
        automationName: String(e.name),
        status: String(e.status),
        started: e.startedAt !== null && e.startedAt !== undefined,
        blockID: e.blockId === null || e.blockId === undefined ? null : String(e.blockId),
        blockLabel: blockLabel(block),
        waitingUntil: active && block?.type === "delay" ? iso(e.dueAt) : active && !e.startedAt ? iso(dueAt) : null,
        triggeredBy: trigger.eventName ?? "",
        triggeredAt: latest.toISOString(),
        endedAt: iso(e.endedAt),
        endReason: e.endReason === null || e.endReason === undefined ? null : String(e.endReason),
        steps: runs
          .filter((r) => r.enrollmentId === e.id)
          // The blocks one walk ran share its time: the flow's order breaks the tie (not the block ids').
          .sort((x, y) => dateValue(x.at).getTime() - dateValue(y.at).getTime() || flowOrder(x.blockId) - flowOrder(y.blockId))
          .map((r) => ({
            blockID: r.blockId,
            kind: r.kind,
            status: r.status,
            outcome: r.outcome,
            subject: emailSubject(blocks.find((b) => b.id === r.blockId)),
            at: iso(r.at)!,
          })),
      };
    }),
  };
}
