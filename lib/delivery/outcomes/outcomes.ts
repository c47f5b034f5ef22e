// What happens when an outcome arrives for a sent message (docs/delivery.md "Reading outcomes"): the
// message's status and timestamps, the contact event segments read, the source's counters, and for a
// hard bounce or a complaint the suppression and the email channel's status. All in the transaction the
// caller gives (the worker's batch, a webhook, a hit on a tracking link), so an outcome is recorded whole
// or not at all.
import type { SqlRunner } from "@/lib/db/sql";
import { applyUnsubscribe } from "@/lib/contacts/unsubscribe-contacts";
import { newId } from "@/lib/ids";
import { CounterBatch, type CounterKey } from "../counters";
import { addressHash } from "../eligibility";

/** A message as outcomes need it. */
export type OutcomeMessage = {
  id: string;
  brandId: string;
  contactId: string | null;
  email: string | null;
  mode: string;
  sourceKind: string;
  sourceId: string;
  part: string;
  status: string;
  sentAt: Date | null;
};

export const OUTCOME_COLUMNS = `"id", "brandId", "contactId", "email", "mode", "sourceKind", "sourceId", "part", "status", "sentAt"`;

export const EVENT_NAMES = {
  opened: "opened email",
  clicked: "clicked email",
  bounced: "bounced email",
  complained: "marked email as spam",
  unsubscribed: "unsubscribed from email",
} as const;

export const counterKey = (m: Pick<OutcomeMessage, "brandId" | "sourceKind" | "sourceId" | "part">): CounterKey => ({
  brandId: m.brandId,
  sourceKind: m.sourceKind,
  sourceId: m.sourceId,
  part: m.part,
});

export type ContactEventRow = { brandId: string; contactId: string; eventName: string; at: Date; properties: Record<string, unknown> };

export function outcomeEvent(
  m: OutcomeMessage,
  name: keyof typeof EVENT_NAMES,
  at: Date,
  extra: Record<string, unknown> = {},
): ContactEventRow[] {
  if (!m.contactId || m.mode !== "live") return [];
  return [
    {
      brandId: m.brandId,
      contactId: m.contactId,
      eventName: EVENT_NAMES[name],
      at,
      properties: { messageID: m.id, sourceKind: m.sourceKind, sourceID: m.sourceId, part: m.part, ...extra },
    },
  ];
}

/** Contact events of outcomes (origin "inkwell"), which segments and the contact's activity read. */
export async function insertContactEvents(tx: SqlRunner, events: ContactEventRow[]): Promise<void> {
  for (let i = 0; i < events.length; i += 200) {
    const chunk = events.slice(i, i + 200);
    await tx.run(
      `INSERT INTO "ContactEvent" ("id", "brandId", "contactId", "eventName", "eventVersion", "origin", "eventID", "eventTime", "receivedAt", "properties")
       VALUES ${chunk.map(() => "(?, ?, ?, ?, NULL, 'inkwell', NULL, ?ts, ?ts, ?json)").join(", ")}`,
      chunk.flatMap((e) => [newId(e.at), e.brandId, e.contactId, e.eventName, e.at, e.at, JSON.stringify(e.properties)]),
    );
  }
}

export async function suppress(
  tx: SqlRunner,
  s: {
    brandId: string;
    email: string | null;
    reason: string;
    detail?: string | null;
    messageId?: string | null;
    at: Date;
    keepAddress?: boolean;
  },
): Promise<void> {
  if (!s.email) return;
  await tx.run(
    `INSERT INTO "Suppression" ("id", "brandId", "addressHash", "email", "reason", "detail", "messageId", "createdAt")
     VALUES (?, ?, ?, ?, ?, ?, ?, ?ts) ON CONFLICT ("brandId", "addressHash") DO NOTHING`,
    [
      newId(s.at),
      s.brandId,
      addressHash(s.email),
      s.keepAddress === false ? null : s.email.toLowerCase(),
      s.reason,
      s.detail?.slice(0, 500) ?? null,
      s.messageId ?? null,
      s.at,
    ],
  );
}

/**
 * What a hard bounce or a complaint does beyond the message's own status: the address is suppressed and
 * the contact's email channel for it becomes unsubscribed (the published contacts API's statuses; the
 * status history names the cause), the counter and the contact event.
 */
export async function afterRefusal(
  tx: SqlRunner,
  m: OutcomeMessage,
  kind: "hard-bounce" | "complaint",
  detail: string | null,
  at: Date,
  counters: CounterBatch,
): Promise<ContactEventRow[]> {
  if (m.mode === "test") return [];
  const complaint = kind === "complaint";
  counters.add(counterKey(m), complaint ? "complained" : "bounced", at);
  // Inkwell's own emails (a signup form's confirmation) are counted, so their source's auto-pause sees
  // their bounces and complaints (lib/forms/lane.ts); the address and the contact are left as they are.
  if (m.mode !== "live") return [];
  await suppress(tx, { brandId: m.brandId, email: m.email, reason: kind, detail, messageId: m.id, at });
  if (m.contactId && m.email)
    await applyUnsubscribe(tx, m.brandId, [m.contactId], at, complaint ? "complaint" : "bounce", complaint ? undefined : m.email);
  return complaint ? outcomeEvent(m, "complained", at, { detail }) : outcomeEvent(m, "bounced", at, { bounceType: "hard", detail });
}

/**
 * A bounce or complaint a provider reported after the message was sent. A soft bounce after delivery
 * only notes the provider's words; a hard bounce or a complaint changes the status once.
 */
export async function applyReportedOutcome(
  tx: SqlRunner,
  m: OutcomeMessage,
  kind: "hard-bounce" | "soft-bounce" | "complaint",
  detail: string | null,
  at: Date,
  counters: CounterBatch,
): Promise<ContactEventRow[]> {
  if (kind === "soft-bounce") {
    await tx.run(`UPDATE "Message" SET "detail" = ? WHERE "id" = ?`, [detail?.slice(0, 500) ?? null, m.id]);
    return outcomeEvent(m, "bounced", at, { bounceType: "soft", detail });
  }
  const changed = await tx.run(
    kind === "complaint"
      ? `UPDATE "Message" SET "status" = 'complained', "reason" = 'complaint', "detail" = ?, "complainedAt" = ?ts WHERE "id" = ? AND "complainedAt" IS NULL`
      : `UPDATE "Message" SET "status" = 'bounced', "reason" = 'hard-bounce', "detail" = ?, "bouncedAt" = ?ts WHERE "id" = ? AND "bouncedAt" IS NULL`,
    [detail?.slice(0, 500) ?? null, at, m.id],
  );
  return changed === 0 ? [] : afterRefusal(tx, m, kind, detail, at, counters);
}

/** An unsubscribe attributed to a message (its link, one-click, a provider's list-unsubscribe): counted once. */
export async function markUnsubscribed(tx: SqlRunner, m: OutcomeMessage, at: Date, counters: CounterBatch): Promise<ContactEventRow[]> {
  return (await markFirstUnsubscribe(tx, m, at, counters)).events;
}

/** markUnsubscribed, saying whether this was the message's first unsubscribe (what a provider's event may act on once). */
export async function markFirstUnsubscribe(
  tx: SqlRunner,
  m: OutcomeMessage,
  at: Date,
  counters: CounterBatch,
): Promise<{ first: boolean; events: ContactEventRow[] }> {
  const changed = await tx.run(`UPDATE "Message" SET "unsubscribedAt" = ?ts WHERE "id" = ? AND "unsubscribedAt" IS NULL`, [at, m.id]);
  if (changed === 0) return { first: false, events: [] };
  if (m.mode !== "live") return { first: true, events: [] };
  counters.add(counterKey(m), "unsubscribed", at);
  return { first: true, events: outcomeEvent(m, "unsubscribed", at) };
}
