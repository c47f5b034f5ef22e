// A workflow's history (AutomationChange rows): each edit of its definition with who made it, when, and
// what changed. The content of an email step is compared field by field (a live edit of an enabled
// workflow shows "Subject: A → B"); anything else is named by the part that changed (steps, trigger…).
import { z } from "zod";
import { db } from "@/lib/db";
import type { SqlRunner } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { keysetPage, noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";
import type { Principal } from "@/lib/http/principal";
import { LIVE_EMAIL_FIELDS } from "./live-fields";
import type { AutomationRecord, Block, SendEmail } from "./model";
import { getAutomation } from "./store";
import { flatten } from "./tree";

/** The content of an email step that may change while the workflow is enabled, as stored (./live-fields.ts). */
export const EMAIL_CONTENT_FIELDS = [...LIVE_EMAIL_FIELDS, "contentId"] as const;
export type EmailContentField = (typeof EMAIL_CONTENT_FIELDS)[number];

export const HistoryChange = z
  .object({
    kind: z.enum(["email", "utm", "name", "trigger", "steps", "exitConditions", "settings"]),
    blockID: z.string().optional().meta({ description: "The email step (kinds email and utm)" }),
    field: z
      .enum([...LIVE_EMAIL_FIELDS, "templateID"])
      .optional()
      .meta({ description: "The email step's field (kind email); templateID: the template it sends" }),
    from: z.string().optional(),
    to: z.string().optional(),
    queuedEmails: z.number().int().optional().meta({
      description:
        "A live edit of an email step (kinds email and utm): how many of the step's emails, queued or paused when it was saved, took the change",
    }),
  })
  .meta({ id: "AutomationHistoryChange" });
export type HistoryChange = z.infer<typeof HistoryChange>;

export const HistoryEntry = z
  .object({
    id: z.string(),
    at: z.string().meta({ description: "When (ISO 8601, UTC)" }),
    actor: z.object({ kind: z.enum(["session", "api-key", "oauth"]), name: z.string() }).meta({ description: "Who" }),
    live: z.boolean().meta({ description: "The workflow was enabled: a content change applied to emails not yet sent" }),
    queuedEmails: z.number().int().optional().meta({
      description: "A live edit of email steps: how many emails already queued (not yet sent) took the change, all steps together",
    }),
    changes: z.array(HistoryChange),
  })
  .meta({ id: "AutomationHistoryEntry" });
export const HistoryList = z.object({ history: z.array(HistoryEntry), paging: PagingSchema }).meta({ id: "AutomationHistory" });
export type HistoryList = z.infer<typeof HistoryList>;
/** Newest first, cursor pages as every list (API-CONTRACT "Lists"). */
export const HistoryQuery = pagingQuery({ max: 100, default: 50 }).superRefine(noAfterAndBefore);
export type HistoryQuery = z.infer<typeof HistoryQuery>;

type EmailBlock = Extract<Block, { type: "action" }> & { action: { type: "sendEmail"; sendEmail: SendEmail } };
const emailsOf = (blocks: Block[]) =>
  new Map(
    flatten(blocks)
      .filter((b): b is EmailBlock => b.type === "action" && b.action.type === "sendEmail")
      .map((b) => [b.id, b.action.sendEmail]),
  );

/** Shape of the tree without the email steps' content: what a live edit must leave alone. */
export function structureOf(blocks: Block[]): string {
  return JSON.stringify(blocks, (key, value) =>
    (EMAIL_CONTENT_FIELDS as readonly string[]).includes(key) || key === "utm" ? undefined : value,
  );
}

/** What differs between two versions of a workflow, email content field by field. */
export function changesBetween(before: AutomationRecord, after: AutomationRecord): HistoryChange[] {
  const out: HistoryChange[] = [];
  if (before.name !== after.name) out.push({ kind: "name", from: before.name, to: after.name });
  if (JSON.stringify(before.trigger) !== JSON.stringify(after.trigger)) out.push({ kind: "trigger" });
  if (structureOf(before.blocks) !== structureOf(after.blocks)) out.push({ kind: "steps" });
  const was = emailsOf(before.blocks);
  for (const [id, now] of emailsOf(after.blocks)) {
    const then = was.get(id);
    if (!then) continue;
    for (const field of EMAIL_CONTENT_FIELDS) {
      const from = then[field] ?? "";
      const to = now[field] ?? "";
      if (from !== to) out.push({ kind: "email", blockID: id, field: field === "contentId" ? "templateID" : field, from, to });
    }
    if (JSON.stringify(then.utm ?? {}) !== JSON.stringify(now.utm ?? {})) out.push({ kind: "utm", blockID: id });
  }
  if (JSON.stringify(before.exitConditions) !== JSON.stringify(after.exitConditions)) out.push({ kind: "exitConditions" });
  if (JSON.stringify(before.settings) !== JSON.stringify(after.settings)) out.push({ kind: "settings" });
  return out;
}

export type Actor = { kind: Principal["kind"]; name: string };

/** Who a request is, in words the builder shows: the user's name (or email), else the kind of credential. */
export async function actorOf(auth: Principal): Promise<Actor> {
  if (auth.kind === "session" && auth.userId) {
    const user = await db.user.findUnique({ where: { id: auth.userId }, select: { name: true, email: true } });
    return { kind: "session", name: user?.name?.trim() || user?.email || "A team member" };
  }
  return { kind: auth.kind, name: auth.kind === "oauth" ? "An app (OAuth)" : "An API key" };
}

/**
 * Records one edit in the edit's transaction (nothing when nothing changed). `queued`: per email step of a live
 * edit, how many of its queued emails took the change (./live-queued.ts), kept on that step's changes.
 */
export async function recordChange(
  tx: SqlRunner,
  before: AutomationRecord,
  after: AutomationRecord,
  who: Actor,
  at: Date,
  queued: Map<string, number> = new Map(),
): Promise<void> {
  const changes = changesBetween(before, after).map((c) => {
    const n = c.blockID === undefined ? undefined : queued.get(c.blockID);
    return n === undefined ? c : { ...c, queuedEmails: n };
  });
  if (!changes.length) return;
  await tx.run(
    `INSERT INTO "AutomationChange" ("id", "brandId", "automationId", "at", "actorKind", "actorName", "live", "changes")
     VALUES (?, ?, ?, ?ts, ?, ?, ?bool, ?json)`,
    [newId(at), after.brandId, after.id, at, who.kind, who.name, before.isEnabled, JSON.stringify(changes)],
  );
}

export async function removeHistory(tx: SqlRunner, brandId: string, automationId: string): Promise<void> {
  await tx.run(`DELETE FROM "AutomationChange" WHERE "automationId" = ? AND "brandId" = ?`, [automationId, brandId]);
}

/** A page of the workflow's changes, newest first (the caller has checked the workflow is the brand's). */
type ChangeRow = { id: string; at: Date; actorKind: string; actorName: string; live: boolean; changes: unknown };

export async function listHistory(brandId: string, automationId: string, query: HistoryQuery): Promise<HistoryList> {
  const page = await keysetPage<ChangeRow>({
    sort: "at",
    column: "at",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => row.at.toISOString(),
    toColumn: (value) => new Date(String(value)),
    fetch: ({ where, orderBy, take }) => db.automationChange.findMany({ where: { automationId, brandId, ...where }, orderBy, take }),
  });
  return {
    history: page.rows.map((r) => {
      const changes = (r.changes ?? []) as HistoryChange[];
      const queued = queuedTotal(changes);
      return {
        id: r.id,
        at: r.at.toISOString(),
        actor: { kind: r.actorKind as Actor["kind"], name: r.actorName },
        live: r.live,
        ...(queued === undefined ? {} : { queuedEmails: queued }),
        changes,
      };
    }),
    paging: page.paging,
  };
}

/** The entry's queued emails that took it: each step's count once (every changed field of a step carries it). */
function queuedTotal(changes: HistoryChange[]): number | undefined {
  const perStep = new Map<string, number>();
  for (const c of changes) if (c.blockID && c.queuedEmails !== undefined) perStep.set(c.blockID, c.queuedEmails);
  return perStep.size ? [...perStep.values()].reduce((a, b) => a + b, 0) : undefined;
}

/** The history of one workflow of the brand (404 for another brand's or a deleted one). */
export async function automationHistory(brandId: string, id: string, query: HistoryQuery): Promise<HistoryList> {
  await getAutomation(brandId, id);
  return listHistory(brandId, id, query);
}
