// Provider events applied to Inkwell's messages: the message is found by the reference its Message-ID
// (or metadata header) carries, whose MAC must hold (a webhook cannot name a message by guessing its
// id); a hard bounce or a complaint suppresses the address and unsubscribes it (once: applyReportedOutcome),
// a soft bounce is noted, an unsubscribe changes the contact's channel and is attributed to the message,
// once per message (a replay of it is "ignored"). The generic webhook
// passes its brand: another brand's messages are "unknown" to it.
import { applyUnsubscribe } from "@/lib/contacts/unsubscribe-contacts";
import { transactionsCommitTogether } from "@/lib/db/capabilities";
import { writeStatement, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { verifyMessageIdSignature } from "@/lib/recipient-links/message-token";
import { CounterBatch } from "../counters";
import { applyReportedOutcome, insertContactEvents, markFirstUnsubscribe } from "../outcomes/outcomes";
import { outcomeMessage } from "../recipient-pages";
import { pauseIfRatesTooHigh } from "../sources";
import { messageRefOf, type ProviderEvent } from "./provider-event";

export type AppliedEvent = { status: "applied" | "unknown-message" | "ignored"; messageID: string | null };

/**
 * An event whose effect must apply once whatever repeats it (mail that comes back, handled again after a
 * lapsed lease or a retry: lib/inbound). `once` runs in the effect's transaction, first: false when the
 * effect was applied already, and the event then changes nothing ("ignored"). A soft bounce, say, records
 * a contact event each time it is applied. It is given the message's brand (the caller records it without
 * reading the message again).
 */
export type OnceEvent = ProviderEvent & { once?: (tx: SqlRunner, message: { brandId: string }) => Promise<boolean> };

function macHolds(id: string, mac: string): boolean {
  return verifyMessageIdSignature(id, mac);
}

type Found = { event: OnceEvent; m: Awaited<ReturnType<typeof outcomeMessage>> };

/**
 * The events from `start` whose transactions may be queued together: events with `once` (applying one again
 * changes nothing) about distinct messages, where transactions queued together commit as one; any other
 * event goes alone, after those before it committed.
 */
function nextRun(events: OnceEvent[], start: number): OnceEvent[] {
  const ids = new Set<string>();
  let end = start;
  while (end < events.length && events[end].once && transactionsCommitTogether()) {
    const id = messageRefOf(events[end].messageRef)?.id ?? "";
    if (ids.has(id)) break;
    ids.add(id);
    end++;
  }
  return events.slice(start, Math.max(end, start + 1));
}

/** The effect of one event on its message (`m`), in its own transaction. */
function applyOne({ event, m }: Found & { m: NonNullable<Found["m"]> }): Promise<boolean> {
  const at = event.at && event.at.getTime() <= Date.now() ? event.at : new Date();
  return writeTransaction(async (tx) => {
    if (event.once && !(await event.once(tx, { brandId: m.brandId }))) return false;
    const counters = new CounterBatch();
    const detail = event.detail ?? null;
    let first = true;
    if (event.type === "unsubscribe") {
      // Once per message: a replayed event (or the provider's retry) after the contact subscribed again
      // must not unsubscribe them again (issue 38).
      const marked = await markFirstUnsubscribe(tx, m, at, counters);
      first = marked.first;
      if (first && m.contactId && m.mode === "live") await applyUnsubscribe(tx, m.brandId, [m.contactId], at, "unsubscribe-provider");
      await insertContactEvents(tx, marked.events);
    } else {
      const kind = event.type === "complaint" ? "complaint" : event.bounceType === "soft" ? "soft-bounce" : "hard-bounce";
      await insertContactEvents(tx, await applyReportedOutcome(tx, m, kind, detail, at, counters));
    }
    await counters.flush(tx);
    return first;
  });
}

/**
 * Applies the events in order, each in its own transaction. The transactions of a run (nextRun) are queued
 * in one turn, so the writer commits them as one group, each in its own savepoint (one failing is undone
 * alone): a bounce storm's notices cost a commit per group, not one each (the commit was half of a notice's
 * database time, bench:inbound). As before, the first error is thrown, after the run's other transactions
 * settled (those with `once` that committed change nothing when applied again).
 */
export async function applyProviderEvents(events: OnceEvent[], brandId?: string): Promise<AppliedEvent[]> {
  const applied: AppliedEvent[] = [];
  const touched = new Map<string, { brandId: string; kind: string; id: string }>();
  for (let start = 0; start < events.length;) {
    const run = nextRun(events, start);
    start += run.length;
    const found: Found[] = [];
    for (const event of run) {
      const ref = messageRefOf(event.messageRef);
      const m = ref && macHolds(ref.id, ref.mac) ? await outcomeMessage(ref.id) : null;
      found.push({ event, m: m && !(brandId && m.brandId !== brandId) ? m : null });
    }
    // The address a provider names must be the message's (a bounce of another recipient changes nothing here).
    const relevant = (f: Found) => !f.event.email || !f.m?.email || f.event.email.toLowerCase() === f.m.email.toLowerCase();
    const settled = await Promise.allSettled(found.map((f) => (f.m && relevant(f) ? applyOne({ ...f, m: f.m }) : null)));
    settled.forEach((outcome, i) => {
      const { event, m } = found[i];
      if (outcome.status === "rejected") throw outcome.reason;
      if (!m) return applied.push({ status: "unknown-message", messageID: null });
      if (outcome.value === null) return applied.push({ status: "ignored", messageID: m.id });
      applied.push({ status: outcome.value ? "applied" : "ignored", messageID: m.id });
      if (event.type !== "unsubscribe")
        touched.set(`${m.brandId}|${m.sourceKind}|${m.sourceId}`, { brandId: m.brandId, kind: m.sourceKind, id: m.sourceId });
    });
  }
  for (const s of touched.values()) await pauseIfRatesTooHigh(s.brandId, { kind: s.kind, id: s.id });
  return applied;
}

/**
 * A delay a notice reported (RFC 3464 "delayed", mail that comes back: lib/inbound): the remote server's
 * words on the sent message, nothing else (the relay keeps trying; its final word is a bounce or nothing).
 */
export async function noteDelay(messageRef: string, detail: string | null): Promise<AppliedEvent> {
  const ref = messageRefOf(messageRef);
  const m = ref && macHolds(ref.id, ref.mac) ? await outcomeMessage(ref.id) : null;
  if (!m) return { status: "unknown-message", messageID: null };
  const changed = await writeStatement(`UPDATE "Message" SET "detail" = ? WHERE "id" = ? AND "status" = 'sent'`, [
    detail?.slice(0, 500) ?? null,
    m.id,
  ]);
  return { status: changed > 0 ? "applied" : "ignored", messageID: m.id };
}
