// The automations worker's batch: claim due enrollments (a lease with the engine's claim lock, like
// events: concurrent workers take disjoint batches), walk each one (./walk.ts), and commit what the blocks did
// together with each enrollment's new place, in one transaction, only for the enrollments this worker
// still holds and that are still active and due (an exit condition or a newer trigger event may have
// moved them meanwhile). Email blocks take a second round: the pipeline enqueues their messages
// (idempotent per enrollment and block) between two commits, and the walk goes on with its answer.
// A failing enrollment is retried with backoff and ends as failed after AUTOMATIONS_MAX_ATTEMPTS.
import { config } from "@/lib/config";
import { runningDialect } from "@/lib/db/dialect";
import { isUniqueViolation } from "@/lib/db/errors";
import { sqlReader, writeQuery, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { boolValue, dateValue, jsonValue, numberValue } from "@/lib/db/values";
import { applyTags } from "@/lib/contacts/tags/apply-tags";
import type { ContactFacts } from "../filters";
import { segmentIdsNamed } from "../filters";
import type { AutomationRecord } from "../model";
import { utmTags } from "../present";
import { COLUMNS, recordOf } from "../store";
import { flatten } from "../tree";
import { brandTimeZones } from "./brand-zone";
import { loadContactFacts } from "./contact-facts";
import { addCounters, type CounterDelta } from "./counters";
import { messagePort, type EmailResult, type MessageOutcome, type TriggerData } from "./messages";
import { latestTriggerAt, walk, type Enrollment, type Walked, type WalkContext } from "./walk";

const RETRY_MAX_MS = 60 * 60_000;
const MAX_EMAIL_ROUNDS = 5;

const list = (n: number, item = "?") => Array.from({ length: n }, () => item).join(", ");

type Row = Record<string, unknown>;

function enrollmentOf(r: Row): Enrollment {
  return {
    id: String(r.id),
    brandId: String(r.brandId),
    automationId: String(r.automationId),
    contactId: String(r.contactId),
    blockId: r.blockId === null || r.blockId === undefined ? null : String(r.blockId),
    dueAt: dateValue(r.dueAt),
    trigger: jsonValue(r.trigger) as TriggerData,
    triggeredAt: dateValue(r.triggeredAt),
    anchorFirstDelay: boolValue(r.anchorFirstDelay),
    startedAt: r.startedAt === null || r.startedAt === undefined ? null : dateValue(r.startedAt),
    quietKey: r.quietKey === null || r.quietKey === undefined ? null : String(r.quietKey),
    attempts: numberValue(r.attempts),
  };
}

const ENROLLMENT_COLUMNS = `"id", "brandId", "automationId", "contactId", "blockId", "dueAt", "trigger", "triggeredAt", "anchorFirstDelay", "startedAt", "quietKey", "attempts"`;

/** Claims up to `limit` due enrollments for `workerId` until now + leaseMs. */
export async function claimEnrollments(workerId: string, limit: number, leaseMs: number, now: Date): Promise<Enrollment[]> {
  const rows = await writeQuery<Row>(
    `UPDATE "AutomationEnrollment" SET "claimedBy" = ?, "claimedUntil" = ?ts, "attempts" = "attempts" + 1
     WHERE "id" IN (
       SELECT "id" FROM "AutomationEnrollment"
       WHERE "dueAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)
       ORDER BY "dueAt" LIMIT ? ${runningDialect().claimLock}
     )
     RETURNING ${ENROLLMENT_COLUMNS}`,
    [workerId, new Date(now.getTime() + leaseMs), now, now, limit],
  );
  return rows.map(enrollmentOf);
}

/** The batch's shared reads: workflows, contacts, histories, message outcomes. */
class BatchContext implements WalkContext {
  readonly emailResults = new Map<string, EmailResult>();
  private contacts = new Map<string, Promise<Map<string, ContactFacts>>>();
  private histories = new Map<string, Promise<Map<string, { id: string; active: boolean; startedAt: Date; endedAt: Date | null }[]>>>();
  private outcomes = new Map<string, Promise<Map<string, MessageOutcome>>>();

  constructor(
    readonly now: Date,
    private readonly batch: Enrollment[],
    private readonly automations: Map<string, AutomationRecord>,
    private readonly zones: Map<string, string>,
  ) {}

  zone(brandId: string): string {
    return this.zones.get(brandId) ?? "UTC";
  }

  contact(brandId: string, contactId: string): Promise<ContactFacts | undefined> {
    let loaded = this.contacts.get(brandId);
    if (!loaded) {
      const mine = this.batch.filter((e) => e.brandId === brandId);
      const segments = new Set<string>();
      for (const e of mine) {
        const a = this.automations.get(e.automationId);
        if (!a) continue;
        for (const id of segmentIdsNamed(a.trigger.audienceFilterGroup?.filters ?? [])) segments.add(id);
        for (const b of flatten(a.blocks))
          if (b.type === "split") for (const id of segmentIdsNamed(b.split.filterGroup.filters)) segments.add(id);
      }
      loaded = loadContactFacts(
        brandId,
        mine.map((e) => e.contactId),
        [...segments],
        this.now,
      );
      this.contacts.set(brandId, loaded);
    }
    return loaded.then((m) => m.get(contactId));
  }

  history(automationId: string, contactId: string) {
    let loaded = this.histories.get(automationId);
    if (!loaded) {
      const contacts = [...new Set(this.batch.map((e) => e.contactId))];
      const mine = new Set(this.batch.map((e) => e.id));
      loaded = sqlReader()
        .all<{ id: string; contactId: string; status: string; startedAt: unknown; endedAt: unknown }>(
          `SELECT "id", "contactId", "status", "startedAt", "endedAt" FROM "AutomationEnrollment"
           WHERE "automationId" = ? AND "contactId" IN (${list(contacts.length)}) AND "startedAt" IS NOT NULL`,
          [automationId, ...contacts],
        )
        .then((rows) => {
          const byContact = new Map<string, { id: string; active: boolean; startedAt: Date; endedAt: Date | null }[]>();
          for (const r of rows) {
            if (mine.has(r.id)) continue;
            const entry = {
              id: r.id,
              active: r.status === "active",
              startedAt: dateValue(r.startedAt),
              endedAt: r.endedAt ? dateValue(r.endedAt) : null,
            };
            byContact.set(r.contactId, [...(byContact.get(r.contactId) ?? []), entry]);
          }
          return byContact;
        });
      this.histories.set(automationId, loaded);
    }
    return loaded.then((m) => m.get(contactId) ?? []);
  }

  /** Started in this batch, earlier in it: the next enrollment of the same contact sees it as active. */
  noteStarted(automationId: string, contactId: string, id: string): void {
    const loaded = this.histories.get(automationId);
    if (loaded)
      void loaded.then((m) => m.set(contactId, [...(m.get(contactId) ?? []), { id, active: true, startedAt: this.now, endedAt: null }]));
  }

  emailResult(enrollmentId: string, blockId: string): EmailResult | undefined {
    return this.emailResults.get(`${enrollmentId}:${blockId}`);
  }

  outcome(e: Enrollment, blockId: string): Promise<MessageOutcome | undefined> {
    const key = `${e.automationId}:${blockId}`;
    let loaded = this.outcomes.get(key);
    if (!loaded) {
      const ids = this.batch.filter((x) => x.automationId === e.automationId).map((x) => x.id);
      loaded = messagePort().outcomes(e.brandId, e.automationId, blockId, ids);
      this.outcomes.set(key, loaded);
    }
    return loaded.then((m) => m.get(e.id));
  }
}

async function loadAutomations(ids: string[]): Promise<Map<string, AutomationRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await sqlReader().all<Row>(`SELECT ${COLUMNS} FROM "Automation" WHERE "id" IN (${list(unique.length)})`, unique);
  return new Map(rows.map((r) => [String(r.id), recordOf(r)]));
}

/** Writes a round's results for the enrollments this worker still holds; returns the ids it wrote. */
async function commitRound(tx: SqlRunner, workerId: string, walked: Walked[], now: Date): Promise<Set<string>> {
  if (walked.length === 0) return new Set();
  const ids = walked.map((w) => w.enrollment.id);
  // Read with the rows locked until the commit (lockRows): a row version fewer per enrollment than the
  // no-op UPDATE that locked them before (docs/performance.md).
  const held = await tx.all<{ id: string }>(
    `SELECT "id" FROM "AutomationEnrollment"
     WHERE "id" IN (${list(ids.length)}) AND "claimedBy" = ? AND "status" = 'active' AND "dueAt" <= ?ts${runningDialect().lockRows}`,
    [...ids, workerId, now],
  );
  const valid = new Set(held.map((r) => r.id));
  const lost = ids.filter((id) => !valid.has(id));
  if (lost.length > 0) {
    // Moved meanwhile (exited, or pushed back by a newer trigger event): let go of the claim, change nothing.
    await tx.run(
      `UPDATE "AutomationEnrollment" SET "claimedBy" = NULL, "claimedUntil" = NULL WHERE "id" IN (${list(lost.length)}) AND "claimedBy" = ?`,
      [...lost, workerId],
    );
  }
  const mine = walked.filter((w) => valid.has(w.enrollment.id));
  const counters: CounterDelta[] = [];
  const skipped: string[] = [];
  const groups = new Map<string, { sql: string; params: unknown[]; ids: string[] }>();
  const group = (key: string, sql: string, params: unknown[], id: string) => {
    const g = groups.get(key) ?? { sql, params, ids: [] };
    g.ids.push(id);
    groups.set(key, g);
  };
  for (const w of mine) {
    counters.push(...w.counters);
    const e = w.enrollment;
    let key: string;
    let sql: string;
    let params: unknown[];
    switch (w.step.kind) {
      case "skip":
        skipped.push(e.id);
        continue;
      case "snooze":
        key = `snooze\u0000${w.step.dueAt.toISOString()}\u0000${w.step.triggeredAt.toISOString()}`;
        sql = `"dueAt" = ?ts, "triggeredAt" = ?ts, "claimedBy" = NULL, "claimedUntil" = NULL, "attempts" = 0, "lastError" = NULL`;
        params = [w.step.dueAt, w.step.triggeredAt];
        break;
      case "wait":
        key = `wait\u0000${w.step.blockId}\u0000${w.step.dueAt.toISOString()}`;
        sql = `"blockId" = ?, "dueAt" = ?ts, "claimedBy" = NULL, "claimedUntil" = NULL, "attempts" = 0, "lastError" = NULL`;
        params = [w.step.blockId, w.step.dueAt];
        break;
      case "email":
        // Still held: the pipeline enqueues the message before the next round.
        key = `email\u0000${w.step.blockId}`;
        sql = `"blockId" = ?, "dueAt" = ?ts`;
        params = [w.step.blockId, now];
        break;
      case "end":
        key = `end\u0000${w.step.status}\u0000${w.step.reason}`;
        sql = `"status" = ?, "endReason" = ?, "dueAt" = NULL, "endedAt" = ?ts, "claimedBy" = NULL, "claimedUntil" = NULL, "lastError" = NULL`;
        params = [w.step.status, w.step.reason, now];
        break;
    }
    if (w.started) {
      key += `\u0000started\u0000${w.entryKey}`;
      sql += `, "startedAt" = ?ts, "quietKey" = NULL, "entryKey" = COALESCE(?, "entryKey")`;
      params.push(now, w.entryKey);
      // A waiting row started late (a worker was down): its triggeredAt becomes the latest trigger's time.
      const latest = latestTriggerAt(e);
      if (latest.getTime() !== e.triggeredAt.getTime()) {
        key += `\u0000${latest.toISOString()}`;
        sql += `, "triggeredAt" = ?ts`;
        params.push(latest);
      }
    }
    group(key, sql, params, e.id);
  }
  for (const g of groups.values()) {
    await tx.run(`UPDATE "AutomationEnrollment" SET ${g.sql} WHERE "id" IN (${list(g.ids.length)})`, [...g.params, ...g.ids]);
  }
  if (skipped.length > 0) await tx.run(`DELETE FROM "AutomationEnrollment" WHERE "id" IN (${list(skipped.length)})`, skipped);
  const runs = mine.flatMap((w) => w.runs.map((r) => ({ w, r })));
  for (let i = 0; i < runs.length; i += 100) {
    const chunk = runs.slice(i, i + 100);
    await tx.run(
      `INSERT INTO "AutomationBlockRun" ("enrollmentId", "blockId", "brandId", "automationId", "contactId", "kind", "status", "outcome", "detail", "at", "attempts", "nextAttemptAt")
       VALUES ${list(chunk.length, "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?ts, 0, ?ts)")} ON CONFLICT DO NOTHING`,
      chunk.flatMap(({ w, r }) => [
        w.enrollment.id,
        r.blockId,
        w.enrollment.brandId,
        w.enrollment.automationId,
        w.enrollment.contactId,
        r.kind,
        r.status,
        r.outcome,
        r.detail ?? null,
        now,
        r.status === "pending" ? now : null,
      ]),
    );
  }
  const tagGroups = new Map<string, { brandId: string; action: "add" | "remove"; tag: string; contacts: string[] }>();
  for (const w of mine) {
    for (const t of w.tags) {
      const key = `${w.enrollment.brandId}\u0000${t.action}\u0000${t.tag}`;
      const g = tagGroups.get(key) ?? { brandId: w.enrollment.brandId, action: t.action, tag: t.tag, contacts: [] };
      g.contacts.push(w.enrollment.contactId);
      tagGroups.set(key, g);
    }
  }
  for (const g of tagGroups.values()) await applyTags(tx, g.brandId, g.action, [g.tag], g.contacts, now);
  await addCounters(tx, counters);
  return valid;
}

async function fail(workerId: string, e: Enrollment, error: unknown, now: Date): Promise<void> {
  const { AUTOMATIONS_MAX_ATTEMPTS, AUTOMATIONS_RETRY_BASE_MS } = config();
  const message = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
  const give = e.attempts >= AUTOMATIONS_MAX_ATTEMPTS;
  const delay = Math.min(RETRY_MAX_MS, AUTOMATIONS_RETRY_BASE_MS * 2 ** Math.max(0, e.attempts - 1));
  await writeTransaction(async (tx) => {
    const changed = give
      ? await tx.run(
          `UPDATE "AutomationEnrollment" SET "status" = 'canceled', "endReason" = 'failed', "lastError" = ?, "dueAt" = NULL, "endedAt" = ?ts,
             "claimedBy" = NULL, "claimedUntil" = NULL, "quietKey" = NULL WHERE "id" = ? AND "claimedBy" = ? AND "status" = 'active'`,
          [message, now, e.id, workerId],
        )
      : await tx.run(
          `UPDATE "AutomationEnrollment" SET "dueAt" = ?ts, "lastError" = ?, "claimedBy" = NULL, "claimedUntil" = NULL
           WHERE "id" = ? AND "claimedBy" = ? AND "status" = 'active'`,
          [new Date(now.getTime() + delay), message, e.id, workerId],
        );
    if (give && changed > 0)
      await addCounters(tx, [{ brandId: e.brandId, automationId: e.automationId, blockId: "", metric: "canceled", n: 1 }]);
  });
  if (give) console.warn(`[automations] enrollment ${e.id} failed after ${e.attempts} attempt(s): ${message}`);
}

/** Commits walks; a failing batch (a unique entry key taken by another worker) is committed one by one. */
async function commitWalks(
  workerId: string,
  walked: Walked[],
  now: Date,
  failures: { e: Enrollment; error: unknown }[],
): Promise<Set<string>> {
  try {
    return await writeTransaction((tx) => commitRound(tx, workerId, walked, now));
  } catch (error) {
    if (walked.length === 1) {
      if (isUniqueViolation(error) && walked[0].entryKey) {
        // Another worker started the same once-only entry: this one is skipped.
        const skip: Walked = { ...walked[0], step: { kind: "skip", reason: "frequency" }, runs: [], tags: [], counters: [] };
        return writeTransaction((tx) => commitRound(tx, workerId, [skip], now));
      }
      failures.push({ e: walked[0].enrollment, error });
      return new Set();
    }
    const out = new Set<string>();
    for (const w of walked) for (const id of await commitWalks(workerId, [w], now, failures)) out.add(id);
    return out;
  }
}

/** Runs one claimed batch to its next waits and ends. */
export async function runEnrollments(workerId: string, batch: Enrollment[], now: Date): Promise<{ moved: number; failed: number }> {
  const automations = await loadAutomations(batch.map((e) => e.automationId));
  const zones = await brandTimeZones([...new Set(batch.map((e) => e.brandId))]);
  const ctx = new BatchContext(now, batch, automations, zones);
  const failures: { e: Enrollment; error: unknown }[] = [];
  let pending = batch.filter((e) => automations.has(e.automationId));
  let moved = 0;
  for (let round = 0; pending.length > 0; round++) {
    if (round >= MAX_EMAIL_ROUNDS) {
      // Email after email without a delay between them: the rest goes to a later batch.
      const ids = pending.map((e) => e.id);
      await writeTransaction((tx) =>
        tx.run(
          `UPDATE "AutomationEnrollment" SET "claimedBy" = NULL, "claimedUntil" = NULL WHERE "id" IN (${list(ids.length)}) AND "claimedBy" = ?`,
          [...ids, workerId],
        ),
      );
      break;
    }
    const walked: Walked[] = [];
    for (const e of pending) {
      try {
        const w = await walk(e, automations.get(e.automationId)!, ctx);
        if (w.started) ctx.noteStarted(e.automationId, e.contactId, e.id);
        walked.push(w);
      } catch (error) {
        failures.push({ e, error });
      }
    }
    const committed = await commitWalks(workerId, walked, now, failures);
    moved += committed.size;
    const emails = walked.filter((w) => committed.has(w.enrollment.id) && w.step.kind === "email");
    pending = [];
    // One pipeline call per email block, for the enrollments at it.
    const byBlock = new Map<string, Walked[]>();
    for (const w of emails) {
      const key = `${w.enrollment.automationId}\u0000${(w.step as { blockId: string }).blockId}`;
      byBlock.set(key, [...(byBlock.get(key) ?? []), w]);
    }
    for (const group of byBlock.values()) {
      const { enrollment } = group[0];
      const a = automations.get(enrollment.automationId)!;
      const blockId = (group[0].step as { blockId: string }).blockId;
      const block = flatten(a.blocks).find((b) => b.id === blockId);
      if (block?.type !== "action" || block.action.type !== "sendEmail") continue;
      const email = block.action.sendEmail;
      try {
        const results = await messagePort().sendEmails({
          brandId: enrollment.brandId,
          automationId: a.id,
          blockId,
          email,
          utm: utmTags(a, email.utm),
          threshold: a.settings.sendingThresholds.email,
          recipients: group.map((w) => ({
            enrollmentId: w.enrollment.id,
            contactId: w.enrollment.contactId,
            trigger: w.enrollment.trigger,
          })),
        });
        for (const w of group) {
          const result = results.get(w.enrollment.id);
          if (!result) continue;
          ctx.emailResults.set(`${w.enrollment.id}:${blockId}`, result);
          pending.push({ ...w.enrollment, blockId, startedAt: w.enrollment.startedAt ?? now, anchorFirstDelay: false });
        }
      } catch (error) {
        for (const w of group) failures.push({ e: { ...w.enrollment, startedAt: w.enrollment.startedAt ?? now }, error });
      }
    }
  }
  for (const { e, error } of failures) await fail(workerId, e, error, now);
  return { moved, failed: failures.length };
}
