// The figures the dashboard shows, read from the counters kept as enrollments move (never counted over
// enrollments on read, except "waiting" at each delay of one workflow, which the builder shows): per
// workflow entered, in progress, completed, exited; per block reached and its outcomes. Email outcomes
// (sent, opened, clicked) come from the delivery pipeline's counters per source and part (./engine/messages.ts).
import { z } from "zod";
import { sqlReader } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import {
  addCounts,
  brandCounterRows,
  emptyCounts,
  FIGURES,
  revenueSettings,
  sourceStates,
  type BrandCounterRow,
  type Counts,
  type SourceState,
} from "@/lib/delivery";
import { automationSource } from "./engine/messages";
import { getAutomation } from "./store";
import { flatten } from "./tree";

export const FiguresQuery = z.object({
  id: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character lowercase hexadecimal id"))
        .min(1)
        .max(100),
    )
    .meta({ description: "Automation ids (repeat the parameter), 1-100: one page of the list" }),
});

const Figures = {
  entered: z.number().int(),
  inProgress: z.number().int().meta({ description: "Entered and not yet completed, exited or canceled" }),
  completed: z.number().int(),
  exited: z.number().int(),
  canceled: z.number().int(),
  skipped: z
    .number()
    .int()
    .meta({ description: "Trigger events that did not enter (audience, frequency, overlap, already in the workflow)" }),
  emailsQueued: z.number().int().meta({ description: "Emails handed to the delivery pipeline" }),
  emailsSkipped: z.number().int().meta({ description: "Email blocks passed without an email (not subscribed, suppressed, ...)" }),
  emailsSent: z.number().int().meta({ description: "Emails the mail server took (or the outbox)" }),
  emailsOpened: z.number().int().meta({ description: "Emails opened by a person (the first open of each)" }),
  emailsClicked: z.number().int().meta({ description: "Emails clicked by a person (the first click of each)" }),
  emailsPaused: z.string().nullable().meta({
    description:
      "Why the delivery pipeline holds the workflow's emails (its bounce or complaint rate passed the limit, the mail server refused a setting), or null. Disabling the workflow (keeping its contacts) and enabling it again sends them",
  }),
  orders: z.number().int().meta({ description: FIGURES.orders.description }),
  revenue: z.number().meta({ description: FIGURES.revenue.description }),
};

const EmailFigures = z
  .object({
    sent: z.number().int(),
    opened: z.number().int(),
    clicked: z.number().int(),
    bounced: z.number().int(),
    unsubscribed: z.number().int(),
    orders: z.number().int().meta({ description: FIGURES.orders.description }),
    revenue: z.number().meta({ description: FIGURES.revenue.description }),
  })
  .meta({ id: "AutomationEmailFigures", description: "What became of an email block's messages (the delivery pipeline's counters)" });

export const AutomationFiguresList = z
  .object({
    figures: z.array(z.object({ automationID: z.string(), ...Figures })),
    currency: z.string().meta({ description: "The brand's currency: what revenue is counted in (ISO 4217)" }),
  })
  .meta({ id: "AutomationFiguresList" });

export const BlockFigure = z
  .object({
    blockID: z.string(),
    reached: z.number().int(),
    waiting: z.number().int().meta({ description: "Enrollments waiting at this delay now" }),
    outcomes: z
      .record(z.string(), z.number().int())
      .meta({ description: "true/false for a split, a/b for an A/B test, queued/skipped for an email" }),
    emails: EmailFigures.nullable().meta({ description: "An email block's messages; null for other blocks" }),
  })
  .meta({ id: "AutomationBlockFigure" });
export const AutomationFigures = z
  .object({
    automationID: z.string(),
    ...Figures,
    currency: z.string().meta({ description: "The brand's currency: what revenue is counted in (ISO 4217)" }),
    blocks: z.array(BlockFigure),
  })
  .meta({ id: "AutomationFigures" });

type CounterRow = { automationId: string; blockId: string; metric: string; count: unknown };

function summarize(rows: CounterRow[]) {
  const get = (metric: string) => rows.filter((r) => r.blockId === "" && r.metric === metric).reduce((n, r) => n + numberValue(r.count), 0);
  const entered = get("entered");
  const completed = get("completed");
  const exited = get("exited");
  const canceled = get("canceled");
  const skipped = rows.filter((r) => r.blockId === "" && r.metric.startsWith("skipped:")).reduce((n, r) => n + numberValue(r.count), 0);
  const blockSum = (metric: string) =>
    rows.filter((r) => r.blockId !== "" && r.metric === metric).reduce((n, r) => n + numberValue(r.count), 0);
  return {
    entered,
    inProgress: Math.max(0, entered - completed - exited - canceled),
    completed,
    exited,
    canceled,
    skipped,
    emailsQueued: blockSum("queued"),
    emailsSkipped: blockSum("skipped"),
  };
}

/** The source kind of a workflow's emails (automationSource's). */
const EMAIL_KIND = automationSource("").kind;

/** The pipeline's counter rows of these workflows' emails (every part, every day): one query for a page. */
const emailRows = (brandId: string, ids: string[]) => brandCounterRows(brandId, { kinds: [EMAIL_KIND], sourceIds: ids });

/** Email figures of the counter rows that `keep` selects. */
function emailFigures(rows: BrandCounterRow[], keep: (r: BrandCounterRow) => boolean) {
  const c: Counts = emptyCounts();
  for (const r of rows) if (keep(r)) addCounts(c, r.metric, r.count);
  return {
    sent: FIGURES.sent.of(c),
    opened: FIGURES.uniqueOpens.of(c),
    clicked: FIGURES.uniqueClicks.of(c),
    bounced: FIGURES.bounced.of(c),
    unsubscribed: FIGURES.unsubscribes.of(c),
    orders: FIGURES.orders.of(c),
    revenue: FIGURES.revenue.of(c),
  };
}

/** The pipeline's pause of the workflows' emails, with its reason (a disabled workflow's canceled source is no pause), by id: one read. */
const emailsPaused = async (brandId: string, ids: string[]) => {
  const states = await sourceStates(brandId, EMAIL_KIND, ids);
  const paused = (s: SourceState | undefined) => (s?.status === "paused" ? (s.reason ?? "Paused by the delivery pipeline") : null);
  return (id: string) => paused(states.get(id));
};

const emailTotals = (e: Awaited<ReturnType<typeof emailFigures>>) => ({
  emailsSent: e.sent,
  emailsOpened: e.opened,
  emailsClicked: e.clicked,
  orders: e.orders,
  revenue: e.revenue,
});

/** Figures of a page of the list: one query each for the workflows' counters, their emails' and their emails' pauses. */
export async function automationFigures(brandId: string, ids: string[]) {
  const [rows, emails, paused, revenue] = await Promise.all([
    sqlReader().all<CounterRow>(
      `SELECT "automationId", "blockId", "metric", "count" FROM "AutomationCounter" WHERE "brandId" = ? AND "automationId" IN (${ids.map(() => "?").join(", ")})`,
      [brandId, ...ids],
    ),
    emailRows(brandId, ids),
    emailsPaused(brandId, ids),
    revenueSettings(brandId),
  ]);
  return {
    figures: ids.map((id) => ({
      automationID: id,
      ...summarize(rows.filter((r) => r.automationId === id)),
      ...emailTotals(emailFigures(emails, (r) => r.sourceId === id)),
      emailsPaused: paused(id),
    })),
    currency: revenue.currency,
  };
}

/** One workflow's figures with every block's, for the flow builder's canvas. */
export async function automationBlockFigures(brandId: string, id: string) {
  const automation = await getAutomation(brandId, id);
  const emailBlocks = flatten(automation.blocks)
    .filter((b) => b.type === "action" && b.action.type === "sendEmail")
    .map((b) => b.id);
  const [rows, waiting, emailCounters, paused, revenue] = await Promise.all([
    sqlReader().all<CounterRow>(
      `SELECT "automationId", "blockId", "metric", "count" FROM "AutomationCounter" WHERE "brandId" = ? AND "automationId" = ?`,
      [brandId, automation.id],
    ),
    sqlReader().all<{ blockId: string | null; n: unknown }>(
      `SELECT "blockId", COUNT(*) AS n FROM "AutomationEnrollment" WHERE "automationId" = ? AND "status" = 'active' GROUP BY "blockId"`,
      [automation.id],
    ),
    emailRows(brandId, [automation.id]),
    emailsPaused(brandId, [automation.id]),
    revenueSettings(brandId),
  ]);
  // An email block's messages are the part named by its id.
  const emails = new Map(emailBlocks.map((blockId) => [blockId, emailFigures(emailCounters, (r) => r.part === blockId)]));
  const blockIds = [...new Set([...rows.filter((r) => r.blockId !== "").map((r) => r.blockId), ...emailBlocks])];
  for (const w of waiting) if (w.blockId && !blockIds.includes(w.blockId)) blockIds.push(w.blockId);
  return {
    automationID: automation.id,
    ...summarize(rows),
    ...emailTotals(emailFigures(emailCounters, () => true)),
    emailsPaused: paused(automation.id),
    currency: revenue.currency,
    blocks: blockIds.map((blockId) => {
      const mine = rows.filter((r) => r.blockId === blockId);
      return {
        blockID: blockId,
        reached: numberValue(mine.find((r) => r.metric === "reached")?.count ?? 0),
        waiting: numberValue(waiting.find((w) => w.blockId === blockId)?.n ?? 0),
        outcomes: Object.fromEntries(mine.filter((r) => r.metric !== "reached").map((r) => [r.metric, numberValue(r.count)])),
        emails: emails.get(blockId) ?? null,
      };
    }),
  };
}
