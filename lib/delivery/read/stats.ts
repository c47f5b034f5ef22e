// Reading a source's outcomes (docs/delivery.md "Reading outcomes"): sums of its counters (a handful of
// rows per day), one message's outcome by its key or contact, the recipients without an open or a click
// (boosters), and the clicks per link (a report's click map).
import { sqlReader } from "@/lib/db/sql";
import { dateValue, numberValue } from "@/lib/db/values";
import type { Metric } from "../counters";
import { emptyCounts, figuresOf } from "./figures";
import type { MessageStatus, Source } from "../schemas";

export type SourceStats = Record<Metric, number> & {
  rates: { open: number; click: number; bounce: number; complaint: number; unsubscribe: number };
};

type Filter = { part?: string; from?: string; to?: string };

function where(brandId: string, source: Source, filter: Filter): { sql: string; params: unknown[] } {
  const parts = [`"brandId" = ?`, `"sourceKind" = ?`, `"sourceId" = ?`];
  const params: unknown[] = [brandId, source.kind, source.id];
  const add = (sql: string, value: unknown) => {
    parts.push(sql);
    params.push(value);
  };
  if (filter.part !== undefined) add(`"part" = ?`, filter.part);
  if (filter.from) add(`"day" >= ?`, filter.from.slice(0, 10));
  if (filter.to) add(`"day" <= ?`, filter.to.slice(0, 10));
  return { sql: parts.join(" AND "), params };
}

/** The source's rates, as ./figures.ts defines them (people's behaviour of delivered; bounces of sent). */
export function withRates(totals: Record<Metric, number>): SourceStats {
  const f = figuresOf(totals);
  return {
    ...totals,
    rates: { open: f.openRate, click: f.clickRate, bounce: f.bounceRate, complaint: f.complaintRate, unsubscribe: f.unsubscribeRate },
  };
}

/** A source's totals (of one part, between UTC days, when given), with its rates. */
export async function sourceStats(brandId: string, source: Source, filter: Filter = {}): Promise<SourceStats> {
  const w = where(brandId, source, filter);
  const rows = await sqlReader().all<{ metric: string; n: unknown }>(
    `SELECT "metric", SUM("count") AS "n" FROM "MessageCounter" WHERE ${w.sql} GROUP BY "metric"`,
    w.params,
  );
  const totals = emptyCounts();
  for (const r of rows) if (r.metric in totals) totals[r.metric as Metric] = numberValue(r.n);
  return withRates(totals);
}

/** The same per UTC day of the outcomes, oldest first. */
export async function sourceStatsByDay(brandId: string, source: Source, filter: Filter = {}): Promise<(SourceStats & { day: string })[]> {
  const w = where(brandId, source, filter);
  const rows = await sqlReader().all<{ day: string; metric: string; n: unknown }>(
    `SELECT "day", "metric", SUM("count") AS "n" FROM "MessageCounter" WHERE ${w.sql} GROUP BY "day", "metric" ORDER BY "day"`,
    w.params,
  );
  const days = new Map<string, Record<Metric, number>>();
  for (const r of rows) {
    const totals = days.get(r.day) ?? days.set(r.day, emptyCounts()).get(r.day)!;
    if (r.metric in totals) totals[r.metric as Metric] = numberValue(r.n);
  }
  return [...days].map(([day, totals]) => ({ day, ...withRates(totals) }));
}

/** Clicks per link of a source (every click, and by people: the first per message), most clicked first. */
export async function linkClicks(brandId: string, source: Source, filter: { part?: string } = {}) {
  const w = where(brandId, source, filter);
  const rows = await sqlReader().all<{ url: string; clicks: unknown; uniqueClicks: unknown }>(
    `SELECT "url", SUM("clicks") AS "clicks", SUM("uniqueClicks") AS "uniqueClicks" FROM "MessageLinkCounter" WHERE ${w.sql}
     GROUP BY "url" ORDER BY SUM("uniqueClicks") DESC, "url" LIMIT 500`,
    w.params,
  );
  return rows.map((r) => ({ url: r.url, clicks: numberValue(r.clicks), uniqueClicks: numberValue(r.uniqueClicks) }));
}

export type MessageOutcome = {
  messageID: string;
  contactID: string | null;
  key: string;
  part: string;
  status: MessageStatus;
  reason: string | null;
  sentAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  bouncedAt: Date | null;
  complainedAt: Date | null;
  unsubscribedAt: Date | null;
  clickedUrls: string[];
};

type OutcomeRow = {
  id: string;
  contactId: string | null;
  recipientKey: string;
  part: string;
  status: MessageStatus;
  reason: string | null;
  sentAt: unknown;
  openedAt: unknown;
  clickedAt: unknown;
  bouncedAt: unknown;
  complainedAt: unknown;
  unsubscribedAt: unknown;
};

const orNull = (v: unknown) => (v === null || v === undefined ? null : dateValue(v));

/**
 * One message of a source: by its recipient key (one row by the unique key), or the latest one of a
 * contact (of one part, when given). Null when there is none.
 */
export async function messageOutcome(
  brandId: string,
  source: Source,
  by: { key: string } | { contactId: string; part?: string },
): Promise<MessageOutcome | null> {
  const reader = sqlReader();
  const select = `SELECT "id", "contactId", "recipientKey", "part", "status", "reason", "sentAt", "openedAt", "clickedAt", "bouncedAt",
    "complainedAt", "unsubscribedAt" FROM "Message" WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ?`;
  const [row] =
    "key" in by
      ? await reader.all<OutcomeRow>(`${select} AND "recipientKey" = ?`, [brandId, source.kind, source.id, by.key])
      : await reader.all<OutcomeRow>(
          `${select} AND "contactId" = ?${by.part !== undefined ? ` AND "part" = ?` : ""} ORDER BY "id" DESC LIMIT 1`,
          [brandId, source.kind, source.id, by.contactId, ...(by.part !== undefined ? [by.part] : [])],
        );
  if (!row) return null;
  const clicked = row.clickedAt
    ? await reader.all<{ url: string }>(`SELECT "url" FROM "MessageClick" WHERE "messageId" = ? ORDER BY "firstAt"`, [row.id])
    : [];
  return {
    messageID: row.id,
    contactID: row.contactId,
    key: row.recipientKey,
    part: row.part,
    status: row.status,
    reason: row.reason,
    sentAt: orNull(row.sentAt),
    openedAt: orNull(row.openedAt),
    clickedAt: orNull(row.clickedAt),
    bouncedAt: orNull(row.bouncedAt),
    complainedAt: orNull(row.complainedAt),
    unsubscribedAt: orNull(row.unsubscribedAt),
    clickedUrls: clicked.map((c) => c.url),
  };
}

/**
 * The contacts of a source's sent messages that were not opened (or clicked) by a person, in message id
 * order, read a page at a time: a booster's audience, streamed into enqueueMessages.
 */
export async function* recipientsWithout(
  brandId: string,
  source: Source,
  outcome: "opened" | "clicked",
  filter: { part?: string; pageSize?: number } = {},
): AsyncGenerator<{ contactId: string; messageId: string }> {
  const column = outcome === "opened" ? `"openedAt"` : `"clickedAt"`;
  const size = filter.pageSize ?? 1000;
  let after = "";
  for (;;) {
    const rows = await sqlReader().all<{ id: string; contactId: string }>(
      `SELECT "id", "contactId" FROM "Message"
       WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ?${filter.part !== undefined ? ` AND "part" = ?` : ""}
         AND "status" = 'sent' AND ${column} IS NULL AND "contactId" IS NOT NULL AND "id" > ?
       ORDER BY "id" LIMIT ?`,
      [brandId, source.kind, source.id, ...(filter.part !== undefined ? [filter.part] : []), after, size],
    );
    for (const r of rows) yield { contactId: r.contactId, messageId: r.id };
    if (rows.length < size) return;
    after = rows[rows.length - 1].id;
  }
}
