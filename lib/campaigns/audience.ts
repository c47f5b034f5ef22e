// A campaign's audience, resolved when its send starts and streamed, never materialized: the brand's
// contacts are walked in pages of 500 in (createdAt, id) order (an index range per page), and each page is
// filtered by one query: members of any included segment (none included: contacts with a subscribed
// email address), members of no excluded segment. A contact is yielded at most once. Whether the contact
// may be mailed, and at which address, is the delivery pipeline's recipient rule (lib/delivery/eligibility.ts),
// which the estimate below asks too.
//
// The walk resumes from a cursor (the last contact of the page handed on), so a send that stopped halfway
// (a crash, a restart) goes on where it was.
import { sqlReader } from "@/lib/db/sql";
import { recipientVerdicts } from "@/lib/delivery";
import { dateValue } from "@/lib/db/values";
import { Sql } from "@/lib/db/query-builder";
import { segmentSql } from "@/lib/segments/segment-sql";
import { storedGroups } from "@/lib/segments/membership";
import type { AudienceData } from "./campaign-data";
import { sendTopic, subscribedToTopicSql, type SendTopic } from "@/lib/topics/send-topic";

export const PAGE = 500;

export type AudienceContact = { id: string; countryCode: string | null; country: string | null; state: string | null };
export type AudiencePage = { contacts: AudienceContact[]; cursor: string };

type Position = { t: string; id: string };
const encode = (p: Position) => JSON.stringify(p);
function decode(cursor: string | null | undefined): Position | null {
  if (!cursor) return null;
  const p = JSON.parse(cursor) as Position;
  return typeof p?.t === "string" && typeof p?.id === "string" ? p : null;
}

type SegmentDefinition = { id: string; groups: ReturnType<typeof storedGroups> | null };

async function definitions(brandId: string, ids: string[]): Promise<SegmentDefinition[]> {
  if (ids.length === 0) return [];
  const rows = await sqlReader().all<{ id: string; conditionGroups: unknown; archivedAt: unknown }>(
    `SELECT "id", "conditionGroups", "archivedAt" FROM "Segment" WHERE "brandId" = ? AND "id" IN (${ids.map(() => "?").join(", ")})`,
    [brandId, ...ids],
  );
  // An archived (or deleted) segment has no members.
  return rows.map((r) => ({ id: r.id, groups: r.archivedAt ? null : storedGroups(r.conditionGroups) }));
}

/** 1 when the contact (alias c) is a member, else 0: never NULL, so NOT and OR behave. */
function member(def: SegmentDefinition, sql: Sql, brandId: string, perContact: boolean): string {
  if (!def.groups || def.groups.length === 0) return "0";
  return `(CASE WHEN ${segmentSql(def.groups, sql, { brandId, perContact })} THEN 1 ELSE 0 END)`;
}

const SUBSCRIBED_EMAIL = `EXISTS (SELECT 1 FROM "ContactIdentifier" i WHERE i."contactId" = c."id" AND i."type" = 'email' AND i."status" = 'subscribed')`;

/** The audience condition over a contact row c (its brand scoped by the caller). */
export function audienceSql(
  sql: Sql,
  brandId: string,
  included: SegmentDefinition[],
  excluded: SegmentDefinition[],
  options: { perContact: boolean; topic?: SendTopic | null },
): string {
  const terms: string[] = [];
  if (included.length === 0) terms.push(SUBSCRIBED_EMAIL);
  else terms.push(`(${included.map((d) => member(d, sql, brandId, options.perContact)).join(" + ")}) > 0`);
  for (const d of excluded) terms.push(`${member(d, sql, brandId, options.perContact)} = 0`);
  // A marketing topic's campaign goes to the topic's subscribers (the recipient rule checks it again at
  // enqueue and at send); a required or transactional topic's reaches the whole audience.
  if (options.topic?.kind === "marketing") terms.push(subscribedToTopicSql(sql, brandId, options.topic.id));
  return terms.join(" AND ");
}

/** The audience's contacts, page by page, from `cursor` (exclusive) on. */
export async function* audiencePages(brandId: string, audience: AudienceData, cursor?: string | null): AsyncGenerator<AudiencePage> {
  const [included, excluded, topic] = await Promise.all([
    definitions(brandId, audience.includedSegmentIDs),
    definitions(brandId, audience.excludedSegmentIDs),
    sendTopic(brandId, audience.topicID),
  ]);
  if (audience.includedSegmentIDs.length > 0 && included.every((d) => !d.groups)) return;
  const reader = sqlReader();
  let position = decode(cursor);
  for (;;) {
    // Parameters are bound in the order the text is built: the brand, then the position.
    const sql = new Sql();
    const brandParam = sql.p(brandId);
    const after = position ? `AND ${afterPosition(sql, position)}` : "";
    const page = await reader.all<{ id: string; createdAt: unknown }>(
      `SELECT c."id", c."createdAt" FROM "Contact" c WHERE c."brandId" = ${brandParam} ${after} ORDER BY c."createdAt", c."id" LIMIT ${PAGE}`,
      sql.params,
    );
    if (page.length === 0) return;
    const last = page[page.length - 1];
    position = { t: dateValue(last.createdAt).toISOString(), id: last.id };

    // Parameters are bound in the order the text is built (lib/db/query-builder.ts): ids, brand, then the condition.
    const filter = new Sql();
    const ids = page.map((r) => filter.p(r.id)).join(", ");
    const brand = filter.p(brandId);
    const where = audienceSql(filter, brandId, included, excluded, { perContact: true, topic });
    const rows = await reader.all<AudienceContact & { createdAt: unknown }>(
      `SELECT c."id", c."createdAt", c."countryCode", c."country", c."state" FROM "Contact" c
       WHERE c."id" IN (${ids}) AND c."brandId" = ${brand} AND ${where}
       ORDER BY c."createdAt", c."id"`,
      filter.params,
    );
    yield {
      contacts: rows.map((r) => ({ id: r.id, countryCode: r.countryCode, country: r.country, state: r.state })),
      cursor: encode(position),
    };
    if (page.length < PAGE) return;
  }
}

export type AudienceEstimate = {
  /** contacts the audience selects */
  contacts: number;
  /** of them, who will receive it: the pipeline's own recipient rule, asked now (lib/delivery recipientVerdicts) */
  recipients: number;
  /** the same number, under its first name (the dashboard's composer reads it) */
  subscribed: number;
  skipped: { noEmail: number; unsubscribed: number; nonSubscribed: number; suppressed: number };
};

/** Contacts one estimate query selects: the event loop gets a turn between chunks (other requests go on). */
const ESTIMATE_CHUNK = 5_000;

/**
 * Who the audience selects now, who of them will receive it and why the others will get nothing: the
 * brand's contacts in chunks of the walk's order, each chunk one query for the audience's members and one
 * ask of the pipeline's recipient rule for them (which address is mailed, suppressions included), so the
 * estimate is what the send will do, not a second rule beside it.
 */
export async function estimateAudience(brandId: string, audience: AudienceData, chunk = ESTIMATE_CHUNK): Promise<AudienceEstimate> {
  const [included, excluded, topic] = await Promise.all([
    definitions(brandId, audience.includedSegmentIDs),
    definitions(brandId, audience.excludedSegmentIDs),
    sendTopic(brandId, audience.topicID),
  ]);
  const totals = { contacts: 0, recipients: 0, noEmail: 0, unsubscribed: 0, nonSubscribed: 0, suppressed: 0 };
  if (audience.includedSegmentIDs.length > 0 && included.every((d) => !d.groups)) return estimateOf(totals);
  const reader = sqlReader();
  let position: Position | null = null;
  for (;;) {
    // The chunk: after `position`, up to its `chunk`-th contact (to the end when there are fewer).
    const bound = new Sql();
    const brandParam = bound.p(brandId);
    const from: string = position ? `AND ${afterPosition(bound, position)}` : "";
    const [last]: { id: string; createdAt: unknown }[] = await reader.all<{ id: string; createdAt: unknown }>(
      `SELECT c."id", c."createdAt" FROM "Contact" c WHERE c."brandId" = ${brandParam} ${from} ORDER BY c."createdAt", c."id" LIMIT 1 OFFSET ${Math.trunc(chunk) - 1}`,
      bound.params,
    );
    const end: Position | null = last ? { t: dateValue(last.createdAt).toISOString(), id: last.id } : null;
    const sql = new Sql();
    const range = [`c."brandId" = ${sql.p(brandId)}`];
    if (position) range.push(afterPosition(sql, position));
    if (end)
      range.push(
        `c."createdAt" <= ${sql.p(new Date(end.t), "ts")} AND (c."createdAt" < ${sql.p(new Date(end.t), "ts")} OR c."id" <= ${sql.p(end.id)})`,
      );
    const where = `${range.join(" AND ")} AND ${audienceSql(sql, brandId, included, excluded, { perContact: true, topic })}`;
    const members = await reader.all<{ id: string }>(`SELECT c."id" FROM "Contact" c WHERE ${where}`, sql.params);
    const verdicts = await recipientVerdicts(
      brandId,
      members.map((m) => m.id),
      "subscribed",
      topic,
    );
    for (const verdict of verdicts.values()) {
      totals.contacts++;
      if (verdict.status === "queued") totals.recipients++;
      else if (verdict.reason === "no-email" || verdict.reason === "contact-missing") totals.noEmail++;
      else if (verdict.status === "suppressed" && verdict.reason === "unsubscribed") totals.unsubscribed++;
      else if (verdict.status === "suppressed") totals.suppressed++;
      else totals.nonSubscribed++;
    }
    if (!end) return estimateOf(totals);
    position = end;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** After a position of the walk's (createdAt, id) order, as an index range. */
function afterPosition(sql: Sql, position: Position): string {
  return `c."createdAt" >= ${sql.p(new Date(position.t), "ts")} AND (c."createdAt" > ${sql.p(new Date(position.t), "ts")} OR c."id" > ${sql.p(position.id)})`;
}

function estimateOf(totals: {
  contacts: number;
  recipients: number;
  noEmail: number;
  unsubscribed: number;
  nonSubscribed: number;
  suppressed: number;
}): AudienceEstimate {
  const { contacts, recipients, noEmail, unsubscribed, nonSubscribed, suppressed } = totals;
  return { contacts, recipients, subscribed: recipients, skipped: { noEmail, unsubscribed, nonSubscribed, suppressed } };
}
