// One enrollment's way through its workflow from where it is: the start checks (audience, already in the
// workflow, frequency, overlap) for one that has not started, then block after block until it must wait
// (a delay that ends later, an email whose message the pipeline has not taken yet) or the workflow ends.
// What the blocks did is returned, not written: the batch commits it together with the enrollment's new
// place (./run-enrollments.ts), so each block runs once per enrollment.
import { createHash } from "node:crypto";
import { contactGroupHolds, eventFilterHolds, contactFilterHolds, type ContactFacts } from "../filters";
import type { AutomationRecord, Block, SplitFilter } from "../model";
import { delayEnd, durationMs } from "../time";
import { BlockTree } from "../tree";
import type { CounterDelta } from "./counters";
import { recipientKey, type EmailResult, type MessageOutcome, type TriggerData } from "./messages";

export type Enrollment = {
  id: string;
  brandId: string;
  automationId: string;
  contactId: string;
  blockId: string | null;
  dueAt: Date;
  trigger: TriggerData;
  triggeredAt: Date;
  anchorFirstDelay: boolean;
  startedAt: Date | null;
  quietKey: string | null;
  attempts: number;
};

export type RunRow = { blockId: string; kind: string; status: "done" | "pending"; outcome: string | null; detail?: string | null };

export type Step =
  | { kind: "wait"; blockId: string; dueAt: Date }
  | { kind: "email"; blockId: string }
  | { kind: "end"; status: "completed" | "exited" | "canceled"; reason: string }
  | { kind: "skip"; reason: string }
  /** A waiting row (inactivity) whose contact was not quiet long enough: due again at the quiet time's end. */
  | { kind: "snooze"; dueAt: Date; triggeredAt: Date };

export type Walked = {
  enrollment: Enrollment;
  step: Step;
  started: boolean;
  entryKey: string | null;
  runs: RunRow[];
  tags: { action: "add" | "remove"; tag: string }[];
  counters: CounterDelta[];
};

/** What a walk reads, loaded once per batch by the caller. */
export interface WalkContext {
  now: Date;
  zone(brandId: string): string;
  contact(brandId: string, contactId: string): Promise<ContactFacts | undefined>;
  /** started enrollments of (automation, contact) other than this one: for "already in", frequency and overlap */
  history(automationId: string, contactId: string): Promise<{ id: string; active: boolean; startedAt: Date; endedAt: Date | null }[]>;
  emailResult(enrollmentId: string, blockId: string): EmailResult | undefined;
  outcome(e: Enrollment, blockId: string): Promise<MessageOutcome | undefined>;
}

const trees = new WeakMap<AutomationRecord, BlockTree>();
export function treeOf(a: AutomationRecord): BlockTree {
  let tree = trees.get(a);
  if (!tree) trees.set(a, (tree = new BlockTree(a.blocks)));
  return tree;
}

/** A/B assignment: the same for the same enrollment and block, so a retried step picks the same branch. */
export function abBranch(enrollmentId: string, blockId: string, aPercentage: number): "a" | "b" {
  const n = createHash("sha256").update(`${enrollmentId}:${blockId}`).digest().readUInt32BE(0) % 100;
  return n < aPercentage ? "a" : "b";
}

async function startChecks(e: Enrollment, a: AutomationRecord, ctx: WalkContext): Promise<{ skip: string } | { entryKey: string | null }> {
  if (!a.isEnabled) return { skip: "disabled" };
  if (a.trigger.audienceFilterGroup) {
    const contact = await ctx.contact(e.brandId, e.contactId);
    if (!contact || !contactGroupHolds(a.trigger.audienceFilterGroup, contact)) return { skip: "audience" };
  }
  const history = await ctx.history(a.id, e.contactId);
  if (history.some((h) => h.active)) return { skip: "already-in-workflow" };
  const frequency = a.settings.frequencyLimiter;
  if (frequency?.mode === "once" && history.length > 0) return { skip: "frequency" };
  if (frequency?.mode === "interval") {
    const last = Math.max(0, ...history.map((h) => h.startedAt.getTime()));
    if (last > 0 && ctx.now.getTime() - last < frequency.hours * 3_600_000) return { skip: "frequency" };
  }
  const overlap = a.settings.overlapLimiter;
  if (overlap) {
    const since = overlap.mode === "recentlyIn" ? ctx.now.getTime() - overlap.withinDays * 86_400_000 : Infinity;
    for (const other of overlap.automationIDs) {
      const theirs = await ctx.history(other, e.contactId);
      if (theirs.some((h) => h.active || (h.endedAt !== null && h.endedAt.getTime() >= since))) return { skip: "overlap" };
    }
  }
  return { entryKey: frequency?.mode === "once" ? `once:${a.id}:${e.contactId}` : null };
}

async function splitHolds(filters: SplitFilter[], operator: "and" | "or", e: Enrollment, ctx: WalkContext): Promise<boolean> {
  const test = async (f: SplitFilter): Promise<boolean> => {
    if (f.type === "event") return eventFilterHolds(f, e.trigger.properties);
    if (f.type === "contact") {
      const contact = await ctx.contact(e.brandId, e.contactId);
      return contact ? contactFilterHolds(f, contact) : false;
    }
    const outcome = await ctx.outcome(e, f.value);
    if (!outcome) return false;
    if (f.operator === "openedEmail") return outcome.openedAt !== null;
    if (outcome.clickedAt === null) return false;
    const match = f.urlMatch;
    if (!match || match.operator === "any") return true;
    const v = (match.value ?? "").toLowerCase();
    return outcome.clickedUrls.some((raw) => {
      const url = raw.toLowerCase();
      return match.operator === "is"
        ? url === v
        : match.operator === "contains"
          ? url.includes(v)
          : match.operator === "startsWith"
            ? url.startsWith(v)
            : url.endsWith(v);
    });
  };
  for (const f of filters) {
    const holds = await test(f);
    if (operator === "or" && holds) return true;
    if (operator === "and" && !holds) return false;
  }
  return operator === "and";
}

/** A waiting row's latest trigger event: the time its trigger data holds (./on-events.ts), else triggeredAt. */
export function latestTriggerAt(e: Pick<Enrollment, "trigger" | "triggeredAt" | "quietKey">): Date {
  const t = e.quietKey && e.trigger.eventTime ? new Date(e.trigger.eventTime) : null;
  return t && !Number.isNaN(t.getTime()) && t > e.triggeredAt ? t : e.triggeredAt;
}

export async function walk(e: Enrollment, a: AutomationRecord, ctx: WalkContext): Promise<Walked> {
  const out: Walked = {
    enrollment: e,
    step: { kind: "end", status: "completed", reason: "completed" },
    started: false,
    entryKey: null,
    runs: [],
    tags: [],
    counters: [],
  };
  const count = (blockId: string, metric: string) => out.counters.push({ brandId: e.brandId, automationId: a.id, blockId, metric, n: 1 });
  const tree = treeOf(a);
  const zone = ctx.zone(e.brandId);
  let position: Block | null;
  let firstDelay = false;
  if (!e.startedAt) {
    const inactivity = e.quietKey ? a.trigger.inactivitySettings?.duration : undefined;
    if (inactivity) {
      // Trigger events replace a waiting row's trigger data, not its dueAt (./on-events.ts).
      const latest = latestTriggerAt(e);
      const quietUntil = new Date(latest.getTime() + durationMs(inactivity));
      if (quietUntil > ctx.now) {
        out.step = { kind: "snooze", dueAt: quietUntil, triggeredAt: latest };
        return out;
      }
    }
    const verdict = await startChecks(e, a, ctx);
    if ("skip" in verdict) {
      out.step = { kind: "skip", reason: verdict.skip };
      count("", `skipped:${verdict.skip}`);
      return out;
    }
    out.started = true;
    out.entryKey = verdict.entryKey;
    count("", "entered");
    position = tree.first();
    firstDelay = e.anchorFirstDelay;
  } else {
    const at = e.blockId ? tree.get(e.blockId) : undefined;
    if (!at) {
      out.step = { kind: "end", status: "canceled", reason: "block-removed" };
      count("", "canceled");
      return out;
    }
    // At a delay, the wait is over; any other block has not run yet (a retry, or an email the pipeline took).
    position = at.type === "delay" ? tree.after(at.id) : at;
  }
  for (let steps = 0; position; steps++) {
    if (steps > 400) throw new Error(`workflow ${a.id} did not end within 400 blocks`);
    const block: Block = position;
    switch (block.type) {
      case "delay": {
        const from = firstDelay ? e.triggeredAt : ctx.now;
        firstDelay = false;
        const end = delayEnd(block.delay, from, zone);
        count(block.id, "reached");
        if (end.getTime() > ctx.now.getTime()) {
          out.step = { kind: "wait", blockId: block.id, dueAt: end };
          return out;
        }
        position = tree.after(block.id);
        continue;
      }
      case "action": {
        firstDelay = false;
        const action = block.action;
        if (action.type === "sendEmail") {
          const result = ctx.emailResult(e.id, block.id);
          if (!result) {
            out.step = { kind: "email", blockId: block.id };
            return out;
          }
          count(block.id, "reached");
          count(block.id, result.status);
          out.runs.push({
            blockId: block.id,
            kind: "sendEmail",
            status: "done",
            outcome: result.reason ? `${result.status}:${result.reason}` : result.status,
          });
          if (result.status === "skipped" && !action.sendEmail.isSkipAllowed) {
            out.step = { kind: "end", status: "canceled", reason: "not-eligible" };
            count("", "canceled");
            return out;
          }
        } else if (action.type === "sendWebhook") {
          count(block.id, "reached");
          out.runs.push({ blockId: block.id, kind: "sendWebhook", status: "pending", outcome: null });
        } else {
          const tag = action.type === "addTag" ? action.addTag.value : action.removeTag.value;
          count(block.id, "reached");
          out.tags.push({ action: action.type === "addTag" ? "add" : "remove", tag });
          out.runs.push({ blockId: block.id, kind: action.type, status: "done", outcome: tag });
        }
        position = tree.after(block.id);
        continue;
      }
      case "split": {
        firstDelay = false;
        const holds = await splitHolds(block.split.filterGroup.filters, block.split.filterGroup.logicalOperator, e, ctx);
        count(block.id, "reached");
        count(block.id, holds ? "true" : "false");
        out.runs.push({ blockId: block.id, kind: "split", status: "done", outcome: holds ? "true" : "false" });
        position = tree.enter(block, holds ? block.split.trueBlocks : block.split.falseBlocks);
        continue;
      }
      case "abTesting": {
        firstDelay = false;
        const branch = abBranch(e.id, block.id, block.abTesting.aBlocksPercentage);
        count(block.id, "reached");
        count(block.id, branch);
        out.runs.push({ blockId: block.id, kind: "abTesting", status: "done", outcome: branch });
        position = tree.enter(block, branch === "a" ? block.abTesting.aBlocks : block.abTesting.bBlocks);
        continue;
      }
    }
  }
  count("", "completed");
  return out;
}

export { recipientKey };
