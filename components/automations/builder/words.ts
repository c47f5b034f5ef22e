// What the builder calls things, in a marketer's words: a trigger, a block, an outcome.
import { durationWords } from "@/lib/automations/words";
import { SKIP_REASON_WORDS } from "@/components/campaigns/campaign-words";
import { MERGE_TAG_PATTERN, mergeTagByPath, mergeTagLabel } from "@/lib/templates/merge-tags";
import type { Block, Delay, SplitFilter, Trigger } from "../automations-client";
import { allBlocks, keyOf } from "./draft";

export const amountOf = durationWords;

/** "cartID" → "cart ID", "first_name" → "first name" (a tag no catalogue names). */
const spaced = (key: string) =>
  key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim();

/** A merge tag's name for people: the catalogue's label ("First name"), else its path made readable ("Event: cart ID"). */
export function tagLabel(path: string): string {
  if (mergeTagByPath(path)) return mergeTagLabel(path);
  const [head, ...rest] = path.split(".");
  const tail = spaced(rest.join(" ") || head);
  const label = tail[0].toUpperCase() + tail.slice(1);
  return head === "event" ? `Event: ${tail}` : head === "item" ? `Item: ${tail}` : label;
}

/** Text with its merge tags as their labels: "Hi [[contact.first_name | friend]]" → "Hi {First name}" (outside the template editor). */
export const readableTags = (text: string): string =>
  text.replace(new RegExp(MERGE_TAG_PATTERN.source, "g"), (_m, path: string) => `{${tagLabel(path)}}`);

export const BUILT_INS: Record<string, string> = {
  "subscribed to marketing": "subscribes to email",
  birthday: "has a birthday",
  "entered segment": "enters a segment",
  "product back in stock": "viewed a product that is back in stock",
};

export function triggerSummary(trigger: Trigger, segmentName?: (id: string) => string | undefined): string {
  const { event, origin } = trigger.condition;
  let what: string;
  if (event === "entered segment") {
    const id = String(trigger.condition.filterGroups?.[0]?.filters[0]?.value ?? "");
    what = `enters the segment ${segmentName?.(id) ?? id}`;
  } else if (event === "birthday") {
    const offset = String(trigger.condition.filterGroups?.[0]?.filters[0]?.value ?? "0h");
    const hours = Number(offset.replace("h", ""));
    what =
      hours === 0
        ? "has a birthday"
        : hours < 0
          ? `has a birthday in ${amountOf(-hours, "h")}`
          : `had a birthday ${amountOf(hours, "h")} ago`;
  } else what = BUILT_INS[event] ?? `does “${event}”${origin ? ` (from ${origin})` : ""}`;
  const filters = trigger.condition.filterGroups?.reduce((n, g) => n + g.filters.length, 0) ?? 0;
  const parts = [`When a contact ${what}`];
  if (filters > 0 && event !== "entered segment" && event !== "birthday")
    parts.push(`${filters} ${filters === 1 ? "condition" : "conditions"}`);
  if (trigger.inactivitySettings) {
    const d = trigger.inactivitySettings.duration;
    parts.push(`then stays quiet for ${amountOf(d.amount, d.units)}`);
  }
  return parts.join(", ");
}

const DAY_SHORT: Record<string, string> = {
  sunday: "Sun",
  monday: "Mon",
  tuesday: "Tue",
  wednesday: "Wed",
  thursday: "Thu",
  friday: "Fri",
  saturday: "Sat",
};

export function delaySummary(delay: Delay): string {
  const days = delay.allowedWeekdays?.length ? ` (on ${delay.allowedWeekdays.map((d) => DAY_SHORT[d]).join(", ")})` : "";
  if (delay.mode === "duration" && delay.duration) return `Wait ${amountOf(delay.duration.amount, delay.duration.units)}${days}`;
  if (delay.mode === "specificTime") return `Wait until ${delay.time ?? "a time of day"}${days}`;
  return `Continue at once${days}`;
}

function filterWords(f: SplitFilter, blocks: Block[]): string {
  if (f.type === "message") {
    const email = allBlocks(blocks).find((b) => keyOf(b) === f.value);
    const subject =
      email?.type === "action" && email.action.type === "sendEmail"
        ? `“${readableTags(email.action.sendEmail.subject)}”`
        : "an earlier email";
    return `${f.operator === "openedEmail" ? "opened" : "clicked"} ${subject}`;
  }
  if (f.type === "contact") return `${f.field} ${f.operator} ${String(f.value ?? "")}`;
  return `${f.field} ${f.operator}${f.value === undefined ? "" : ` ${JSON.stringify(f.value)}`}`;
}

/** "Did they open “Your cart”?" for a split, else what the block does. */
export function blockSummary(block: Block, all: Block[]): string {
  switch (block.type) {
    case "delay":
      return delaySummary(block.delay);
    case "action": {
      const a = block.action;
      if (a.type === "sendEmail") return `Send email “${readableTags(a.sendEmail.subject) || "untitled"}”`;
      if (a.type === "sendWebhook") {
        let host = a.sendWebhook.callbackUrl;
        try {
          host = new URL(a.sendWebhook.callbackUrl).host;
        } catch {
          /* shown as typed */
        }
        return `Call webhook ${host || "(no address yet)"}`;
      }
      return a.type === "addTag" ? `Add tag “${a.addTag.value}”` : `Remove tag “${a.removeTag.value}”`;
    }
    case "split": {
      const filters = block.split.filterGroup.filters;
      if (filters.length === 0) return "Split: no condition yet";
      const joined = filters.map((f) => filterWords(f, all)).join(block.split.filterGroup.logicalOperator === "and" ? " and " : " or ");
      return `Split: ${joined}?`;
    }
    case "abTesting":
      return `A/B test: ${block.abTesting.aBlocksPercentage}% A, ${100 - block.abTesting.aBlocksPercentage}% B`;
  }
}

export function blockKind(block: Block): string {
  if (block.type === "action") {
    return { sendEmail: "Email", sendWebhook: "Webhook", addTag: "Add tag", removeTag: "Remove tag" }[block.action.type];
  }
  return { delay: "Delay", split: "Split", abTesting: "A/B test" }[block.type];
}

export const END_REASONS: Record<string, string> = {
  completed: "finished the workflow",
  "exit-condition": "left: an exit condition happened",
  disabled: "left: the workflow was disabled",
  "not-eligible": "stopped: could not be sent an email that may not be skipped",
  "block-removed": "stopped: the step it waited at was removed",
  failed: "stopped after repeated errors",
};

export const skipWord = (reason: string) => SKIP_REASONS[reason] ?? spaced(reason);

export const SKIP_REASONS: Record<string, string> = {
  audience: "not in the audience",
  frequency: "already entered as often as allowed",
  "already-in-workflow": "already in the workflow",
  overlap: "in an overlapping workflow",
  disabled: "the workflow was disabled",
  "inactivity-pending": "still active (inactivity not over)",
};

/** Block outcomes (figures, simulation), keyed as the API counts them. */
export const OUTCOME_WORDS: Record<string, string> = {
  true: "Yes",
  false: "No",
  a: "A",
  b: "B",
  queued: "handed to delivery",
  skipped: "skipped",
  wouldSend: "would be sent",
  notSubscribed: "not subscribed",
  noEmail: "no email address",
  notSubscribedToTopic: "not in the topic",
  unsubscribedFromTopic: "left the topic",
  suppressed: "suppressed",
};
export const outcomeWord = (key: string) => OUTCOME_WORDS[key] ?? spaced(key);

/** Why an email was not sent (the delivery pipeline's reasons), as the campaign report says them. */
export const NOT_SENT_REASONS: Record<string, string> = {
  ...SKIP_REASON_WORDS,
  "not-found": "its template was deleted",
  "sender-unverified": "its sender is not verified",
  "template-syntax": "its template has a broken tag",
};
export const notSentReason = (reason: string) => NOT_SENT_REASONS[reason] ?? spaced(reason.replace(/^suppressed:/, ""));

/** The builder's confirmation of a live edit; `queued`: the emails already queued that took it (the history entry's count). */
export function liveSavedWords(queued: number | undefined): string {
  if (!queued) return "Saved: emails not sent yet use the change.";
  return `Saved: emails not sent yet use the change, including ${queued} already queued ${queued === 1 ? "email" : "emails"}.`;
}
