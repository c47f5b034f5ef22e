// Simulate before enabling: what the workflow would have done over the last N days, computed from what is
// stored (processed events, status history, birthdays, restocks) without writing or sending anything: how
// many contacts would have entered, how many would have reached each block (and would still wait at a
// delay now), who would have been skipped and why. Where the past cannot be known, today's data stands in
// and the answer says so in `assumptions`: the audience filter and contact splits read contacts as they are
// now, an entered-segment trigger counts today's members, a split on opens or clicks takes its false branch.
import { z } from "zod";
import { sqlReader } from "@/lib/db/sql";
import { recipientVerdicts, type RecipientVerdict } from "@/lib/delivery";
import { sendTopic, type SendTopic } from "@/lib/topics/send-topic";
import { dateValue, jsonValue } from "@/lib/db/values";
import { storedGroups } from "@/lib/segments/membership";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/db/query-builder";
import { brandTimeZone } from "./engine/brand-zone";
import { loadContactFacts } from "./engine/contact-facts";
import { identityMatches } from "./engine/trigger-index";
import { abBranch } from "./engine/walk";
import {
  contactFilterHolds,
  contactGroupHolds,
  eventFilterHolds,
  eventGroupHolds,
  eventGroupsHold,
  segmentIdsNamed,
  type ContactFacts,
} from "./filters";
import { BUILT_IN_EVENTS, type AutomationRecord, type Block } from "./model";
import { getAutomation } from "./store";
import { birthdayMidnight, delayEnd, durationMs, localParts } from "./time";
import { BlockTree, flatten } from "./tree";

export const SimulateRequest = z
  .object({ days: z.number().int().min(1).max(90).default(30).meta({ description: "How far back to look (1-90 days, default 30)" }) })
  .meta({ id: "SimulateAutomationRequest" });

const Sample = z.object({ contactID: z.string(), email: z.string().nullable(), reason: z.string().optional() });
const NotSentSample = Sample.extend({
  blockID: z.string(),
  reason: z.string().meta({
    description:
      "The delivery pipeline's reason, as the workflow's history records it: not-subscribed, no-email, not-subscribed-to-topic, suppressed:unsubscribed-from-topic, suppressed:hard-bounce, ...",
  }),
});
export const SimulationResult = z
  .object({
    from: z.string(),
    to: z.string(),
    triggers: z
      .number()
      .int()
      .meta({ description: "Trigger occurrences found in the period (events, subscriptions, birthdays, restocks)" }),
    entered: z.number().int(),
    completed: z.number().int(),
    exited: z.number().int().meta({ description: "Left through an exit condition" }),
    canceled: z.number().int().meta({ description: "An email block that may not be skipped could not be sent" }),
    stillIn: z.number().int().meta({ description: "Would still be in the workflow now (waiting at a delay)" }),
    skipped: z.record(z.string(), z.number().int()).meta({
      description: "Why trigger occurrences did not enter: audience, frequency, already-in-workflow, overlap, inactivity-pending",
    }),
    blocks: z.array(
      z.object({
        blockID: z.string(),
        reached: z.number().int(),
        waiting: z.number().int(),
        outcomes: z.record(z.string(), z.number().int()).meta({
          description:
            "true/false, a/b, email: wouldSend / notSubscribed / noEmail / notSubscribedToTopic / unsubscribedFromTopic / suppressed (the delivery pipeline's recipient rule, with the email's topic)",
        }),
      }),
    ),
    samples: z.object({
      entered: z.array(Sample),
      skipped: z.array(Sample),
      notSent: z.array(NotSentSample).meta({ description: "Contacts an email step would not have been sent to, and why (at most 10)" }),
    }),
    truncated: z.boolean().meta({ description: "More than 50,000 trigger occurrences: the first ones were simulated" }),
    assumptions: z.array(z.string()),
  })
  .meta({ id: "AutomationSimulation" });
type Result = z.infer<typeof SimulationResult>;

/** An email step's outcome key per reason of the pipeline's rule (kept as the simulation has always counted them); other suppressions: "suppressed". */
const OUTCOMES: Record<string, string> = {
  "no-email": "noEmail",
  "contact-missing": "noEmail",
  "not-subscribed": "notSubscribed",
  unsubscribed: "notSubscribed",
  "not-subscribed-to-topic": "notSubscribedToTopic",
  "unsubscribed-from-topic": "unsubscribedFromTopic",
};

type Occurrence = { contactId: string; at: Date; properties: Record<string, unknown> };
const LIMIT = 50_000;
const HOUR = 3_600_000;

async function eventOccurrences(a: AutomationRecord, from: Date, to: Date): Promise<Occurrence[]> {
  const rows = await sqlReader().all<{
    contactId: string;
    origin: string;
    eventTime: unknown;
    receivedAt: unknown;
    properties: unknown;
    originInIdentity: unknown;
  }>(
    `SELECT e."contactId", e."origin", e."eventTime", e."receivedAt", e."properties", i."originInIdentity"
     FROM "ContactEvent" e LEFT JOIN "EventInbox" i ON i."id" = e."id"
     WHERE e."brandId" = ? AND e."eventName" = ? AND e."eventTime" >= ?ts AND e."eventTime" <= ?ts ORDER BY e."eventTime", e."id" LIMIT ${LIMIT + 1}`,
    [a.brandId, a.trigger.condition.event, from, to],
  );
  const out: Occurrence[] = [];
  for (const r of rows) {
    const at = dateValue(r.eventTime);
    if (dateValue(r.receivedAt).getTime() - at.getTime() > HOUR) continue; // historical: never triggers
    const originInIdentity =
      r.originInIdentity === null || r.originInIdentity === undefined ? true : r.originInIdentity === true || r.originInIdentity === 1;
    if (!identityMatches(a.trigger.condition, { origin: r.origin, originInIdentity })) continue;
    const properties = (jsonValue(r.properties) ?? {}) as Record<string, unknown>;
    if (!eventGroupsHold(a.trigger.condition.filterGroups, properties)) continue;
    out.push({ contactId: r.contactId, at, properties });
  }
  return out;
}

async function builtInOccurrences(a: AutomationRecord, from: Date, to: Date, zone: string): Promise<Occurrence[]> {
  const reader = sqlReader();
  switch (a.trigger.condition.event) {
    case BUILT_IN_EVENTS.subscribed: {
      const rows = await reader.all<{ id: string; contactId: string; identifier: string; at: unknown }>(
        `SELECT s."id", s."contactId", s."identifier", s."at" FROM "ContactStatusChange" s
         JOIN "ContactIdentifier" i ON i."brandId" = s."brandId" AND i."type" = 'email' AND i."value" = s."identifier"
         WHERE s."brandId" = ? AND s."channel" = 'email' AND s."to" = 'subscribed' AND (s."from" IS NULL OR s."from" <> 'subscribed')
           AND i."sendWelcomeMessage" = ?bool AND s."at" >= ?ts AND s."at" <= ?ts ORDER BY s."at" LIMIT ${LIMIT + 1}`,
        [a.brandId, true, from, to],
      );
      return rows.map((r) => ({ contactId: r.contactId, at: dateValue(r.at), properties: { channel: "email", email: r.identifier } }));
    }
    case BUILT_IN_EVENTS.birthday: {
      const value = a.trigger.condition.filterGroups?.[0]?.filters[0]?.value;
      const offset = (typeof value === "string" ? Number(/^(-?\d+)h$/.exec(value)?.[1] ?? 0) : 0) * HOUR;
      const rows = await reader.all<{ id: string; birthdate: string }>(
        `SELECT "id", "birthdate" FROM "Contact" WHERE "brandId" = ? AND "birthdate" IS NOT NULL`,
        [a.brandId],
      );
      const out: Occurrence[] = [];
      const years = [...new Set([localParts(from, zone).year, localParts(to, zone).year])];
      for (const r of rows) {
        const monthDay = r.birthdate.slice(5, 10);
        if (!/^\d{2}-\d{2}$/.test(monthDay)) continue;
        for (const year of years) {
          const at = new Date(birthdayMidnight(monthDay, year, zone).getTime() + offset);
          if (at > from && at <= to) out.push({ contactId: r.id, at, properties: { birthdate: r.birthdate } });
        }
      }
      return out.sort((x, y) => x.at.getTime() - y.at.getTime());
    }
    case BUILT_IN_EVENTS.enteredSegment: {
      const segmentId = String(a.trigger.condition.filterGroups?.[0]?.filters[0]?.value ?? "");
      const [segment] = await reader.all<{ conditionGroups: unknown }>(
        `SELECT "conditionGroups" FROM "Segment" WHERE "id" = ? AND "brandId" = ?`,
        [segmentId, a.brandId],
      );
      if (!segment) return [];
      const sql = new Sql();
      const where = `c."brandId" = ${sql.p(a.brandId)} AND ${segmentSql(storedGroups(segment.conditionGroups), sql, { brandId: a.brandId, now: to })}`;
      const members = await reader.all<{ id: string }>(
        `SELECT c."id" AS id FROM "Contact" c WHERE ${where} LIMIT ${LIMIT + 1}`,
        sql.params,
      );
      return members.map((m) => ({ contactId: m.id, at: to, properties: { segment_id: segmentId } }));
    }
    case BUILT_IN_EVENTS.backInStock: {
      const products = await reader.all<{ productId: string; title: string; backInStockAt: unknown }>(
        `SELECT "productId", "title", "backInStockAt" FROM "CatalogProduct" WHERE "brandId" = ? AND "backInStockAt" >= ?ts AND "backInStockAt" <= ?ts`,
        [a.brandId, from, to],
      );
      const out: Occurrence[] = [];
      for (const p of products) {
        const at = dateValue(p.backInStockAt);
        const sql = new Sql();
        const groups = [
          {
            conditions: [
              {
                entity: "event" as const,
                junction: "or" as const,
                filters: [
                  {
                    name: "viewed product",
                    operator: "has" as const,
                    count: "atLeast" as const,
                    value: 1,
                    filters: [{ property: "productID", operator: "equals", value: p.productId, valueType: "text" as const }],
                  },
                  {
                    name: "added product to cart",
                    operator: "has" as const,
                    count: "atLeast" as const,
                    value: 1,
                    filters: [{ property: "lineItems.[].productID", operator: "equals", value: p.productId, valueType: "text" as const }],
                  },
                ],
              },
            ],
          },
        ];
        const where = `c."brandId" = ${sql.p(a.brandId)} AND ${segmentSql(groups, sql, { brandId: a.brandId, now: at })}`;
        for (const c of await reader.all<{ id: string }>(`SELECT c."id" AS id FROM "Contact" c WHERE ${where}`, sql.params)) {
          out.push({ contactId: c.id, at, properties: { productID: p.productId, productTitle: p.title } });
        }
      }
      return out;
    }
  }
  return [];
}

type Interval = { start: Date; end: Date | null };

export async function simulateAutomation(brandId: string, id: string, days: number, now = new Date()): Promise<Result> {
  const a = await getAutomation(brandId, id);
  const zone = await brandTimeZone(brandId);
  const from = new Date(now.getTime() - days * 24 * HOUR);
  const builtIn = (Object.values(BUILT_IN_EVENTS) as string[]).includes(a.trigger.condition.event);
  const assumptions = [
    "Audience filters and contact filters in splits read each contact as it is now.",
    "A split on opens or clicks takes its false branch (no email was sent in the simulation).",
    "An email counts as sent when the delivery pipeline's recipient rule allows it now: the email status against the sending threshold, the suppression list and the email's subscription topic.",
  ];
  if (a.trigger.condition.event === BUILT_IN_EVENTS.enteredSegment)
    assumptions.push("An entered-segment trigger counts the segment's members of today, entering now.");
  let occurrences = builtIn ? await builtInOccurrences(a, from, now, zone) : await eventOccurrences(a, from, now);
  const truncated = occurrences.length > LIMIT;
  occurrences = occurrences.slice(0, LIMIT);

  const result: Result = {
    from: from.toISOString(),
    to: now.toISOString(),
    triggers: occurrences.length,
    entered: 0,
    completed: 0,
    exited: 0,
    canceled: 0,
    stillIn: 0,
    skipped: {},
    blocks: [],
    samples: { entered: [], skipped: [], notSent: [] },
    truncated,
    assumptions,
  };
  const contactIds = [...new Set(occurrences.map((o) => o.contactId))];
  const segments = new Set(segmentIdsNamed(a.trigger.audienceFilterGroup?.filters ?? []));
  for (const b of flatten(a.blocks)) if (b.type === "split") for (const s of segmentIdsNamed(b.split.filterGroup.filters)) segments.add(s);
  const facts = new Map<string, ContactFacts>();
  const emails = new Map<string, { email: string; status: string }>();
  // Each email step is asked the pipeline's own recipient rule (decide() through recipientVerdicts, as the
  // composer's estimate asks it) for the step's topic, so a contact who left the topic is not shown as sent.
  const threshold = a.settings.sendingThresholds.email;
  const topicOf = new Map<string | null, SendTopic | null>();
  for (const b of flatten(a.blocks))
    if (b.type === "action" && b.action.type === "sendEmail") {
      const id = b.action.sendEmail.topicID ?? null;
      if (!topicOf.has(id)) topicOf.set(id, await sendTopic(brandId, id));
    }
  const verdicts = new Map<string | null, Map<string, RecipientVerdict>>([...topicOf.keys()].map((id) => [id, new Map()]));
  const exits = new Map<string, { at: Date; name: string; origin: string; properties: Record<string, unknown> }[]>();
  const overlaps = new Map<string, Interval[]>();
  for (let i = 0; i < contactIds.length; i += 500) {
    const chunk = contactIds.slice(i, i + 500);
    for (const [k, v] of await loadContactFacts(brandId, chunk, [...segments], now)) facts.set(k, v);
    for (const [id, topic] of topicOf)
      for (const [k, v] of await recipientVerdicts(brandId, chunk, threshold, topic)) verdicts.get(id)!.set(k, v);
    const ids = chunk.map(() => "?").join(", ");
    for (const r of await sqlReader().all<{ contactId: string; value: string; status: string }>(
      `SELECT "contactId", "value", "status" FROM "ContactIdentifier" WHERE "brandId" = ? AND "type" = 'email' AND "contactId" IN (${ids}) ORDER BY "id"`,
      [brandId, ...chunk],
    )) {
      if (!emails.has(r.contactId)) emails.set(r.contactId, { email: r.value, status: r.status });
    }
    const exitNames = [...new Set(a.exitConditions.map((e) => e.event))];
    if (exitNames.length) {
      for (const r of await sqlReader().all<{
        contactId: string;
        eventName: string;
        origin: string;
        eventTime: unknown;
        properties: unknown;
      }>(
        `SELECT "contactId", "eventName", "origin", "eventTime", "properties" FROM "ContactEvent"
         WHERE "brandId" = ? AND "eventName" IN (${exitNames.map(() => "?").join(", ")}) AND "eventTime" >= ?ts AND "contactId" IN (${ids})`,
        [brandId, ...exitNames, from, ...chunk],
      )) {
        exits.set(r.contactId, [
          ...(exits.get(r.contactId) ?? []),
          {
            at: dateValue(r.eventTime),
            name: r.eventName,
            origin: r.origin,
            properties: (jsonValue(r.properties) ?? {}) as Record<string, unknown>,
          },
        ]);
      }
    }
    const overlapIds = a.settings.overlapLimiter?.automationIDs ?? [];
    if (overlapIds.length) {
      for (const r of await sqlReader().all<{ contactId: string; startedAt: unknown; endedAt: unknown }>(
        `SELECT "contactId", "startedAt", "endedAt" FROM "AutomationEnrollment"
         WHERE "automationId" IN (${overlapIds.map(() => "?").join(", ")}) AND "startedAt" IS NOT NULL AND "contactId" IN (${ids})`,
        [...overlapIds, ...chunk],
      )) {
        overlaps.set(r.contactId, [
          ...(overlaps.get(r.contactId) ?? []),
          { start: dateValue(r.startedAt), end: r.endedAt ? dateValue(r.endedAt) : null },
        ]);
      }
    }
  }

  const tree = new BlockTree(a.blocks);
  const stats = new Map<string, { reached: number; waiting: number; outcomes: Record<string, number> }>();
  const stat = (blockId: string) => {
    let s = stats.get(blockId);
    if (!s) stats.set(blockId, (s = { reached: 0, waiting: 0, outcomes: {} }));
    return s;
  };
  const outcome = (blockId: string, name: string) => {
    const s = stat(blockId);
    s.outcomes[name] = (s.outcomes[name] ?? 0) + 1;
  };
  const skip = (contactId: string, reason: string) => {
    result.skipped[reason] = (result.skipped[reason] ?? 0) + 1;
    if (result.samples.skipped.length < 10)
      result.samples.skipped.push({ contactID: contactId, email: emails.get(contactId)?.email ?? null, reason });
  };
  /** An email step's outcome for the contact, and the reason the engine would record when it is not sent. */
  const eligible = (contactId: string, topicId: string | null): { outcome: string; reason?: string; email: string | null } => {
    const v = verdicts.get(topicId)?.get(contactId) ?? { status: "skipped", reason: "contact-missing", email: null };
    if (v.status === "queued") return { outcome: "wouldSend", email: v.email };
    // The engine records a suppression as "suppressed:<reason>" (lib/automations/engine/messages.ts).
    const reason = v.status === "suppressed" ? `suppressed:${v.reason}` : v.reason;
    return { outcome: OUTCOMES[v.reason] ?? "suppressed", reason, email: v.email };
  };
  const exitedBetween = (contactId: string, start: Date, end: Date) =>
    (exits.get(contactId) ?? []).some(
      (x) =>
        x.at >= start &&
        x.at <= end &&
        a.exitConditions.some(
          (c) =>
            c.event === x.name &&
            identityMatches(c, { origin: x.origin, originInIdentity: true }) &&
            (!c.filterGroup || eventGroupHolds(c.filterGroup, x.properties)),
        ),
    );

  // Inactivity: an occurrence starts the workflow only when no trigger of the contact follows within the duration.
  const quiet = a.trigger.inactivitySettings ? durationMs(a.trigger.inactivitySettings.duration) : 0;
  const byContact = new Map<string, Occurrence[]>();
  for (const o of occurrences) byContact.set(o.contactId, [...(byContact.get(o.contactId) ?? []), o]);
  const starts: Occurrence[] = [];
  for (const list of byContact.values()) {
    list.forEach((o, i) => {
      if (!quiet) return starts.push(o);
      const next = list[i + 1];
      if (next && next.at.getTime() - o.at.getTime() < quiet) return;
      const at = new Date(o.at.getTime() + quiet);
      if (at > now) return skip(o.contactId, "inactivity-pending");
      starts.push({ ...o, at });
    });
  }
  starts.sort((x, y) => x.at.getTime() - y.at.getTime());

  const runsOf = new Map<string, Interval[]>();
  let seq = 0;
  for (const o of starts) {
    const contact = facts.get(o.contactId);
    const mine = runsOf.get(o.contactId) ?? [];
    if (a.trigger.audienceFilterGroup && (!contact || !contactGroupHolds(a.trigger.audienceFilterGroup, contact))) {
      skip(o.contactId, "audience");
      continue;
    }
    if (mine.some((r) => r.end === null || r.end > o.at)) {
      skip(o.contactId, "already-in-workflow");
      continue;
    }
    const f = a.settings.frequencyLimiter;
    if (f?.mode === "once" && mine.length > 0) {
      skip(o.contactId, "frequency");
      continue;
    }
    if (f?.mode === "interval" && mine.some((r) => o.at.getTime() - r.start.getTime() < f.hours * HOUR)) {
      skip(o.contactId, "frequency");
      continue;
    }
    const overlap = a.settings.overlapLimiter;
    if (overlap) {
      const since = overlap.mode === "recentlyIn" ? o.at.getTime() - overlap.withinDays * 24 * HOUR : Infinity;
      if ((overlaps.get(o.contactId) ?? []).some((r) => r.start <= o.at && (r.end === null || r.end > o.at || r.end.getTime() >= since))) {
        skip(o.contactId, "overlap");
        continue;
      }
    }
    result.entered++;
    if (result.samples.entered.length < 10)
      result.samples.entered.push({ contactID: o.contactId, email: emails.get(o.contactId)?.email ?? null });
    const run: Interval = { start: o.at, end: null };
    mine.push(run);
    runsOf.set(o.contactId, mine);
    const enrollmentId = `simulated-${++seq}`;
    let t = o.at;
    let position: Block | null = tree.first();
    let ended: "completed" | "exited" | "canceled" | "waiting" = "completed";
    while (position) {
      const block: Block = position;
      if (exitedBetween(o.contactId, o.at, t)) {
        ended = "exited";
        break;
      }
      stat(block.id).reached++;
      if (block.type === "delay") {
        t = delayEnd(block.delay, t, zone);
        if (t > now) {
          stat(block.id).waiting++;
          ended = "waiting";
          break;
        }
        position = tree.after(block.id);
      } else if (block.type === "action") {
        if (block.action.type === "sendEmail") {
          const verdict = eligible(o.contactId, block.action.sendEmail.topicID ?? null);
          outcome(block.id, verdict.outcome);
          if (verdict.reason && result.samples.notSent.length < 10)
            result.samples.notSent.push({
              contactID: o.contactId,
              email: verdict.email,
              blockID: block.id,
              reason: verdict.reason,
            });
          if (verdict.outcome !== "wouldSend" && !block.action.sendEmail.isSkipAllowed) {
            ended = "canceled";
            break;
          }
        } else outcome(block.id, "done");
        position = tree.after(block.id);
      } else if (block.type === "split") {
        const { logicalOperator, filters } = block.split.filterGroup;
        const test = (f: (typeof filters)[number]) =>
          f.type === "event"
            ? eventFilterHolds(f, o.properties)
            : f.type === "contact"
              ? !!contact && contactFilterHolds(f, contact)
              : false;
        const holds = logicalOperator === "or" ? filters.some(test) : filters.every(test);
        outcome(block.id, holds ? "true" : "false");
        position = tree.enter(block, holds ? block.split.trueBlocks : block.split.falseBlocks);
      } else {
        const branch = abBranch(enrollmentId, block.id, block.abTesting.aBlocksPercentage);
        outcome(block.id, branch);
        position = tree.enter(block, branch === "a" ? block.abTesting.aBlocks : block.abTesting.bBlocks);
      }
    }
    if (ended === "waiting") result.stillIn++;
    else {
      run.end = t;
      result[ended]++;
    }
  }
  result.blocks = flatten(a.blocks).map((b) => ({ blockID: b.id, ...(stats.get(b.id) ?? { reached: 0, waiting: 0, outcomes: {} }) }));
  return result;
}
