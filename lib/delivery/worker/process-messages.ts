// Processes claimed messages: eligibility again (a contact may have unsubscribed since), render, hand to
// the transport, then one write transaction records every result of the batch, each only while this
// worker still holds the message's claim. Messages are rendered and sent concurrently (the transport's
// pool keeps its connections busy while the next messages render).
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { sqlReader, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import type { Brand } from "@/lib/templates/render/load-recipient-data";
import { findRecipients } from "@/lib/templates/render/recipient";
import { loadContent, type Content } from "../content";
import { CounterBatch } from "../counters";
import { decide, recipientStates } from "../eligibility";
import { afterRefusal, counterKey, insertContactEvents, type ContactEventRow, type OutcomeMessage } from "../outcomes/outcomes";
import type { ClaimedMessage } from "../queue/claim-messages";
import { renderMessage } from "../render/render-message";
import { dkimKeyFor } from "../senders/verified-sender";
import { pauseForSetting, pauseIfRatesTooHigh } from "../sources";
import type { DkimKey, OutgoingMail, SendOutcome, Transport } from "../transport/smtp";

const RETRY_MAX_MS = 60 * 60_000;

export type MessageResult =
  /** mail: kept only where the outbox keeps the body (the outbox, test sends); else dropped at once */
  | { kind: "sent"; message: ClaimedMessage; email: string; mail: OutgoingMail | null; response: string }
  | { kind: "bounced"; message: ClaimedMessage; email: string; response: string }
  | { kind: "retry" | "failed"; message: ClaimedMessage; reason: string; detail: string; pauses?: boolean }
  | { kind: "ineligible"; message: ClaimedMessage; status: "skipped" | "suppressed"; reason: string }
  | { kind: "held"; message: ClaimedMessage; sourceStatus: "paused" | "canceled" };

type Cached<T> = { at: number; value: Promise<T> };

/** Values read per batch that rarely change (brands, DKIM keys), kept for a minute. */
function minuteCache<T>() {
  const entries = new Map<string, Cached<T>>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < 60_000) return hit.value;
    if (entries.size > 1000) entries.clear();
    const value = load();
    value.catch(() => entries.delete(key));
    entries.set(key, { at: Date.now(), value });
    return value;
  };
}

const brands = minuteCache<Brand>();
const dkimKeys = minuteCache<DkimKey | null>();

const brandOf = (id: string) =>
  brands(id, () =>
    db.brand.findUniqueOrThrow({ where: { id }, select: { id: true, plan: true, features: true, name: true, postalAddress: true } }),
  );

/**
 * Paused or canceled sources among these messages' (active ones have no row, or status active). System
 * emails are held too: a form's confirmation lane pauses itself when its bounces spike (lib/forms/lane.ts).
 */
async function heldSources(messages: ClaimedMessage[]): Promise<Map<string, "paused" | "canceled">> {
  const keys = [
    ...new Set(messages.filter((m) => m.mode !== "test").map((m) => JSON.stringify([m.brandId, m.sourceKind, m.sourceId]))),
  ].map((k) => JSON.parse(k) as [string, string, string]);
  const held = new Map<string, "paused" | "canceled">();
  if (keys.length === 0) return held;
  const rows = await sqlReader().all<{ brandId: string; kind: string; id: string; status: string }>(
    `SELECT "brandId", "kind", "id", "status" FROM "DeliverySource" WHERE "status" <> 'active' AND (${keys.map(() => `("brandId" = ? AND "kind" = ? AND "id" = ?)`).join(" OR ")})`,
    keys.flat(),
  );
  for (const r of rows) held.set(JSON.stringify([r.brandId, r.kind, r.id]), r.status === "canceled" ? "canceled" : "paused");
  return held;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function eachLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}

function describe(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}

function transportResult(message: ClaimedMessage, email: string, mail: OutgoingMail, outcome: SendOutcome, keep: boolean): MessageResult {
  if (outcome.result === "sent") return { kind: "sent", message, email, mail: keep ? mail : null, response: outcome.response };
  if (outcome.result === "hard") return { kind: "bounced", message, email, response: outcome.response };
  // A setting the server refused (its certificate, the login): failed at once, and its source paused.
  if (outcome.result === "setting") return { kind: "failed", message, reason: outcome.problem, detail: outcome.response, pauses: true };
  // A test send is never retried: the person waiting for it gets the server's answer.
  const giveUp = message.mode === "test" || message.attempts >= config().DELIVERY_MAX_ATTEMPTS;
  return {
    kind: giveUp ? "failed" : "retry",
    message,
    reason: outcome.result === "soft" ? "soft-bounce" : "transport-error",
    detail: outcome.response,
  };
}

/** The subscription topics these messages' contents are sent for (a content that fails to load is met again below). */
async function topicsOf(messages: ClaimedMessage[]): Promise<string[]> {
  const contents = await Promise.all([...new Set(messages.map((m) => m.contentId))].map((id) => loadContent(id).catch(() => null)));
  return [...new Set(contents.flatMap((c) => (c?.topic ? [c.topic.id] : [])))];
}

/** Renders and sends the claimed messages; their results, not yet recorded. */
export async function deliverMessages(messages: ClaimedMessage[], transport: Transport): Promise<MessageResult[]> {
  if (messages.length === 0) return [];
  const live = messages.filter((m) => m.mode === "live" && m.contactId);
  const byBrand = new Map<string, string[]>();
  for (const m of messages) if (m.contactId) byBrand.set(m.brandId, [...(byBrand.get(m.brandId) ?? []), m.contactId]);
  const [held, states, recipients] = await Promise.all([
    heldSources(messages),
    Promise.all(
      [...new Set(live.map((m) => m.brandId))].map(async (brandId) => ({
        brandId,
        states: await recipientStates(
          sqlReader(),
          brandId,
          live.filter((m) => m.brandId === brandId).map((m) => m.contactId!),
          await topicsOf(live.filter((m) => m.brandId === brandId)),
        ),
      })),
    ).then((list) => new Map(list.map((l) => [l.brandId, l.states]))),
    Promise.all([...byBrand].map(([brandId, ids]) => findRecipients(brandId, ids))).then((maps) => new Map(maps.flatMap((m) => [...m]))),
  ]);
  const lanes = Math.max(4, config().SMTP_POOL_CONNECTIONS * 4);
  return eachLimited(messages, lanes, async (message): Promise<MessageResult> => {
    const hold = held.get(JSON.stringify([message.brandId, message.sourceKind, message.sourceId]));
    if (hold && message.mode !== "test") return { kind: "held", message, sourceStatus: hold };
    let content: Content | null;
    try {
      content = await loadContent(message.contentId);
    } catch (error) {
      return { kind: "retry", message, reason: "render-error", detail: describe(error) };
    }
    if (!content) return { kind: "failed", message, reason: "render-error", detail: "The message's content no longer exists" };
    let email = message.email;
    if (message.mode === "live") {
      const state = message.contactId ? states.get(message.brandId)?.get(message.contactId) : undefined;
      const verdict = state
        ? decide(state, content.sendingThreshold, content.topic)
        : ({ status: "skipped", reason: "contact-missing" } as const);
      if (verdict.status !== "queued") return { kind: "ineligible", message, status: verdict.status, reason: verdict.reason };
      email = verdict.email;
    }
    if (!email) return { kind: "ineligible", message, status: "skipped", reason: "no-email" };
    let mail: OutgoingMail;
    try {
      const [brand, dkim] = await Promise.all([
        brandOf(message.brandId),
        dkimKeys(`${message.brandId}|${content.senderEmail}`, () => dkimKeyFor(message.brandId, content.senderEmail)),
      ]);
      const recipient = message.contactId ? (recipients.get(message.contactId) ?? null) : null;
      mail = await renderMessage({ id: message.id, mode: message.mode, email, data: message.data }, content, brand, recipient, dkim);
    } catch (error) {
      const giveUp = message.mode === "test" || message.attempts >= config().DELIVERY_MAX_ATTEMPTS;
      return { kind: giveUp ? "failed" : "retry", message, reason: "render-error", detail: describe(error) };
    }
    return transportResult(message, email, mail, await transport.send(mail), keepsBody(transport.kind, message));
  });
}

const outcomeOf = (m: ClaimedMessage, email: string | null): OutcomeMessage => ({
  id: m.id,
  brandId: m.brandId,
  contactId: m.contactId,
  email,
  mode: m.mode,
  sourceKind: m.sourceKind,
  sourceId: m.sourceId,
  part: m.part,
  status: m.status,
  sentAt: null,
});

const list = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** Whether the outbox keeps a message's body: what it "sent" itself, and (with a mail server) test sends. */
const keepsBody = (transportKind: "smtp" | "outbox", message: ClaimedMessage) => transportKind === "outbox" || message.mode === "test";

/** Keeps the bodies of the newest OUTBOX_KEEP_PER_BRAND messages of a brand. */
async function keepBodies(tx: SqlRunner, sent: Extract<MessageResult, { kind: "sent" }>[], now: Date): Promise<void> {
  const kept = sent.filter((r): r is typeof r & { mail: OutgoingMail } => r.mail !== null);
  if (kept.length === 0) return;
  for (let i = 0; i < kept.length; i += 100) {
    const chunk = kept.slice(i, i + 100);
    await tx.run(
      `INSERT INTO "MessageBody" ("messageId", "brandId", "subject", "html", "text", "headers", "createdAt") VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?ts)").join(", ")}
       ON CONFLICT ("messageId") DO NOTHING`,
      chunk.flatMap((r) => [
        r.message.id,
        r.message.brandId,
        r.mail.subject,
        r.mail.html,
        r.mail.text,
        JSON.stringify({
          From: `${r.mail.from.name} <${r.mail.from.address}>`,
          To: r.mail.to,
          "Message-ID": r.mail.messageId,
          ...r.mail.headers,
        }),
        now,
      ]),
    );
  }
  const keep = config().OUTBOX_KEEP_PER_BRAND;
  for (const brandId of new Set(kept.map((r) => r.message.brandId))) {
    await tx.run(
      `DELETE FROM "MessageBody" WHERE "brandId" = ? AND "messageId" <= (
         SELECT "messageId" FROM "MessageBody" WHERE "brandId" = ? ORDER BY "messageId" DESC LIMIT 1 OFFSET ?)`,
      [brandId, brandId, keep],
    );
  }
}

/**
 * Records a batch's results in one transaction; each change applies only while this worker holds the
 * message (status sending, claimedBy). Sources that got a hard bounce are checked for pausing after.
 */
export async function recordResults(workerId: string, results: MessageResult[], transportKind: "smtp" | "outbox"): Promise<void> {
  if (results.length === 0) return;
  const now = new Date();
  const bounced = await writeTransaction(async (tx) => {
    const counters = new CounterBatch();
    const events: ContactEventRow[] = [];
    const refused: OutcomeMessage[] = [];
    const claim = `"claimedBy" = ? AND "status" = 'sending'`;
    const sent = results.filter((r): r is Extract<MessageResult, { kind: "sent" }> => r.kind === "sent");
    for (let i = 0; i < sent.length; i += 500) {
      const chunk = sent.slice(i, i + 500);
      const done = await tx.all<{ id: string }>(
        `UPDATE "Message" SET "status" = 'sent', "sentAt" = ?ts, "transport" = ?, "claimedBy" = NULL, "detail" = NULL
         WHERE "id" IN (${list(chunk.length)}) AND ${claim} RETURNING "id"`,
        [now, transportKind, ...chunk.map((r) => r.message.id), workerId],
      );
      const ids = new Set(done.map((d) => d.id));
      for (const r of chunk.filter((r) => ids.has(r.message.id))) {
        counters.add(counterKey(r.message), "sent", now).add(counterKey(r.message), "pending", now, -1);
        if (r.email !== r.message.email) await tx.run(`UPDATE "Message" SET "email" = ? WHERE "id" = ?`, [r.email, r.message.id]);
      }
      await keepBodies(
        tx,
        chunk.filter((r) => ids.has(r.message.id)),
        now,
      );
    }
    for (const r of results) {
      const key = counterKey(r.message);
      switch (r.kind) {
        case "bounced": {
          const changed = await tx.run(
            `UPDATE "Message" SET "status" = 'bounced', "reason" = 'hard-bounce', "detail" = ?, "bouncedAt" = ?ts, "email" = ?, "transport" = ?,
               "claimedBy" = NULL WHERE "id" = ? AND ${claim}`,
            [r.response, now, r.email, transportKind, r.message.id, workerId],
          );
          if (changed === 0) break;
          // Handed over and refused at once: counted as sent (handed over) and bounced (delivered = sent - bounced).
          counters.add(key, "pending", now, -1).add(key, "sent", now);
          const m = outcomeOf(r.message, r.email);
          events.push(...(await afterRefusal(tx, m, "hard-bounce", r.response, now, counters)));
          refused.push(m);
          break;
        }
        case "retry": {
          const delay = Math.min(RETRY_MAX_MS, config().DELIVERY_RETRY_BASE_MS * 2 ** Math.max(0, r.message.attempts - 1));
          await tx.run(
            `UPDATE "Message" SET "status" = 'queued', "nextAttemptAt" = ?ts, "detail" = ?, "claimedBy" = NULL WHERE "id" = ? AND ${claim}`,
            [new Date(now.getTime() + delay), `${r.reason}: ${r.detail}`.slice(0, 500), r.message.id, workerId],
          );
          break;
        }
        case "failed": {
          const changed = await tx.run(
            `UPDATE "Message" SET "status" = 'failed', "reason" = ?, "detail" = ?, "claimedBy" = NULL WHERE "id" = ? AND ${claim}`,
            [r.reason, r.detail.slice(0, 500), r.message.id, workerId],
          );
          if (changed > 0) counters.add(key, "failed", now).add(key, "pending", now, -1);
          break;
        }
        case "ineligible": {
          const changed = await tx.run(`UPDATE "Message" SET "status" = ?, "reason" = ?, "claimedBy" = NULL WHERE "id" = ? AND ${claim}`, [
            r.status,
            r.reason,
            r.message.id,
            workerId,
          ]);
          if (changed > 0) counters.skip(key, r.status, r.reason, now).add(key, "pending", now, -1);
          break;
        }
        case "held": {
          const changed = await tx.run(
            r.sourceStatus === "canceled"
              ? `UPDATE "Message" SET "status" = 'skipped', "reason" = 'canceled', "claimedBy" = NULL WHERE "id" = ? AND ${claim}`
              : `UPDATE "Message" SET "status" = 'paused', "claimedBy" = NULL, "attempts" = "attempts" - 1 WHERE "id" = ? AND ${claim}`,
            [r.message.id, workerId],
          );
          if (changed > 0 && r.sourceStatus === "canceled") counters.skip(key, "skipped", "canceled", now).add(key, "pending", now, -1);
          break;
        }
      }
    }
    await insertContactEvents(tx, events);
    await counters.flush(tx);
    return refused;
  });
  const sources = new Map(bounced.map((m) => [JSON.stringify([m.brandId, m.sourceKind, m.sourceId]), m]));
  for (const m of sources.values()) await pauseIfRatesTooHigh(m.brandId, { kind: m.sourceKind, id: m.sourceId });
  await pauseForSettings(results);
}

/** Pauses the sources of messages failed by a setting the mail server refused, with its reason (once each). */
async function pauseForSettings(results: MessageResult[]): Promise<void> {
  const failed = new Map<string, Extract<MessageResult, { kind: "retry" | "failed" }>>();
  for (const r of results)
    if (r.kind === "failed" && r.pauses) failed.set(JSON.stringify([r.message.brandId, r.message.sourceKind, r.message.sourceId]), r);
  for (const r of failed.values())
    await pauseForSetting(r.message.brandId, { kind: r.message.sourceKind, id: r.message.sourceId }, settingReason(r.reason, r.detail));
}

const SETTING_WORDS: Record<string, string> = {
  "tls-certificate": "The mail server's TLS certificate was not trusted (check SMTP_HOST and SMTP_TLS_CA_FILE)",
  "smtp-login": "The mail server refused the login (check SMTP_USER and SMTP_PASSWORD)",
};
const settingReason = (reason: string, detail: string) => `${SETTING_WORDS[reason] ?? reason}: ${detail}`.slice(0, 500);
