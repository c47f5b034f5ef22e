// Opens (the pixel) and clicks (the redirect) of sent messages, recorded as they arrive: the message's
// first human open and click, the contact event (machine hits flagged), the source's counters, and per
// link the clicks of people (a report's click map, an automation split on a clicked URL). A click by a
// person also counts as an open when the pixel was not loaded (images off). Test sends are not tracked.
import { sqlReader, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import { verifyClickSignature, verifyMessageToken } from "@/lib/recipient-links/message-token";
import { CounterBatch } from "../counters";
import { counterKey, insertContactEvents, outcomeEvent, OUTCOME_COLUMNS, type OutcomeMessage } from "../outcomes/outcomes";
import { classifyHit } from "./machine";

export type Visitor = { userAgent: string | null; ip: string | null };

type Row = Omit<OutcomeMessage, "sentAt"> & { sentAt: unknown; contentId: string };

async function messageOf(messageId: string): Promise<(OutcomeMessage & { contentId: string }) | null> {
  const [row] = await sqlReader().all<Row>(`SELECT ${OUTCOME_COLUMNS}, "contentId" FROM "Message" WHERE "id" = ?`, [messageId]);
  return row ? { ...row, sentAt: row.sentAt ? dateValue(row.sentAt) : null } : null;
}

/** The message of a click redirect whose URL it may go to (its content's own link), or null. */
async function clickTarget(token: string, url: string, signature: string): Promise<(OutcomeMessage & { contentId: string }) | null> {
  const id = verifyMessageToken(token);
  if (!id || !/^https?:\/\//i.test(url) || signature.length > 100) return null;
  const m = await messageOf(id);
  return m && verifyClickSignature(m.contentId, url, signature) ? m : null;
}

/** Where a click redirect goes, without recording the click (link checkers' HEAD requests); null: nowhere. */
export async function clickDestination(token: string, url: string, signature: string): Promise<string | null> {
  return (await clickTarget(token, url, signature)) ? url : null;
}

/** Marks the first human open; true when this was it. */
async function firstOpen(tx: SqlRunner, m: OutcomeMessage, at: Date, counters: CounterBatch): Promise<boolean> {
  const changed = await tx.run(`UPDATE "Message" SET "openedAt" = ?ts WHERE "id" = ? AND "openedAt" IS NULL`, [at, m.id]);
  if (changed > 0) counters.add(counterKey(m), "opened", at);
  return changed > 0;
}

/** A human open: the message's and the source's totals (every open), and its first open (the unique count). */
async function humanOpen(tx: SqlRunner, m: OutcomeMessage, at: Date, counters: CounterBatch): Promise<void> {
  await tx.run(`UPDATE "Message" SET "opens" = "opens" + 1 WHERE "id" = ?`, [m.id]);
  counters.add(counterKey(m), "opens", at);
  await firstOpen(tx, m, at, counters);
}

export async function recordOpen(token: string, visitor: Visitor, at = new Date()): Promise<void> {
  const id = verifyMessageToken(token);
  const m = id ? await messageOf(id) : null;
  if (!m || m.mode !== "live") return;
  const verdict = classifyHit({ kind: "open", ...visitor, sentAt: m.sentAt, at });
  await writeTransaction(async (tx) => {
    const counters = new CounterBatch();
    if (verdict.machine) counters.add(counterKey(m), "machineOpened", at);
    else await humanOpen(tx, m, at, counters);
    await insertContactEvents(tx, outcomeEvent(m, "opened", at, verdict.machine ? { machine: true, machineReason: verdict.reason } : {}));
    await counters.flush(tx);
  });
}

/**
 * The destination of a click redirect, or null when the signature does not hold (the URL was not a
 * link of this message: no redirect). The click is recorded for a live message.
 */
export async function recordClick(
  token: string,
  url: string,
  signature: string,
  visitor: Visitor,
  at = new Date(),
): Promise<string | null> {
  const m = await clickTarget(token, url, signature);
  if (!m) return null;
  if (m.mode !== "live") return url;
  const verdict = classifyHit({ kind: "click", ...visitor, sentAt: m.sentAt, at });
  await writeTransaction(async (tx) => {
    const counters = new CounterBatch();
    const key = counterKey(m);
    if (verdict.machine) counters.add(key, "machineClicked", at);
    else {
      await tx.run(`UPDATE "Message" SET "clicks" = "clicks" + 1 WHERE "id" = ?`, [m.id]);
      counters.add(key, "clicks", at);
      const first = await tx.run(`UPDATE "Message" SET "clickedAt" = ?ts WHERE "id" = ? AND "clickedAt" IS NULL`, [at, m.id]);
      if (first > 0) counters.add(key, "clicked", at);
      // A click on a message whose pixel never loaded (images off) is its open too, in both counts, so
      // that the total of opens is never below the unique count.
      if (await firstOpen(tx, m, at, counters)) {
        await tx.run(`UPDATE "Message" SET "opens" = "opens" + 1 WHERE "id" = ?`, [m.id]);
        counters.add(key, "opens", at);
      }
      const link = url.slice(0, 2000);
      const unique = await tx.run(
        `INSERT INTO "MessageClick" ("messageId", "url", "firstAt", "count") VALUES (?, ?, ?ts, 1) ON CONFLICT ("messageId", "url") DO NOTHING`,
        [m.id, link, at],
      );
      if (unique === 0) await tx.run(`UPDATE "MessageClick" SET "count" = "count" + 1 WHERE "messageId" = ? AND "url" = ?`, [m.id, link]);
      await tx.run(
        `INSERT INTO "MessageLinkCounter" ("brandId", "sourceKind", "sourceId", "part", "url", "clicks", "uniqueClicks") VALUES (?, ?, ?, ?, ?, 1, ?int)
         ON CONFLICT ("brandId", "sourceKind", "sourceId", "part", "url") DO UPDATE SET "clicks" = "MessageLinkCounter"."clicks" + 1,
           "uniqueClicks" = "MessageLinkCounter"."uniqueClicks" + excluded."uniqueClicks"`,
        [m.brandId, m.sourceKind, m.sourceId, m.part, link, unique > 0 ? 1 : 0],
      );
    }
    await insertContactEvents(
      tx,
      outcomeEvent(m, "clicked", at, { url, ...(verdict.machine ? { machine: true, machineReason: verdict.reason } : {}) }),
    );
    await counters.flush(tx);
  });
  return url;
}
