// A campaign's audience, resolved when its send starts and streamed, never materialized: the brand's
// contacts are walked in pages of 500 in (createdAt, id) order (an index range per page), and each page is
// filtered by one query: members of any included segment (none included: contacts with a subscribed
// email address), members of no excluded segment. A contact is yielded at most once. Whether the contact
// may be mailed (suppressions, the email status) is the delivery pipeline's decision, per message.
//
// The walk resumes from a cursor (the last contact of the page handed on), so a send that stopped halfway
// (a crash, a restart) goes on where it was.
import { sqlReader } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import { Sql } from "@/lib/segments/sql";
import { segmentSql } from "@/lib/segments/segment-sql";
import { storedGroups } from "@/lib/segments/membership";
import type { AudienceData } from "./campaign-data";

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
  options: { perContact: boolean },
): string {
  const terms: string[] = [];
  if (included.length === 0) terms.push(SUBSCRIBED_EMAIL);
  else terms.push(`(${included.map((d) => member(d, sql, brandId, options.perContact)).join(" + ")}) > 0`);
  for (const d of excluded) terms.push(`${member(d, sql, brandId, options.perContact)} = 0`);
  return terms.join(" AND ");
}

/** The audience's contacts, page by page, from `cursor` (exclusive) on. */
export async function* audiencePages(brandId: string, audience: AudienceData, cursor?: string | null): AsyncGenerator<AudiencePage> {
  const [included, excluded] = await Promise.all([
    definitions(brandId, audience.includedSegmentIDs),
    definitions(brandId, audience.excludedSegmentIDs),
  ]);
  if (audience.includedSegmentIDs.length > 0 && included.every((d) => !d.groups)) return;
  const reader = sqlReader();
  let position = decode(cursor);
  for (;;) {
    // Parameters are bound in the order the text is built: the brand, then the position.
    const sql = new Sql();
    const brandParam = sql.p(brandId);
    const after = position
      ? `AND c."createdAt" >= ${sql.p(new Date(position.t), "ts")} AND (c."createdAt" > ${sql.p(new Date(position.t), "ts")} OR c."id" > ${sql.p(position.id)})`
      : "";
    const page = await reader.all<{ id: string; createdAt: unknown }>(
      `SELECT c."id", c."createdAt" FROM "Contact" c WHERE c."brandId" = ${brandParam} ${after} ORDER BY c."createdAt", c."id" LIMIT ${PAGE}`,
      sql.params,
    );
    if (page.length === 0) return;
    const last = page[page.length - 1];
    position = { t: dateValue(last.createdAt).toISOString(), id: last.id };

    // Parameters are bound in the order the text is built (lib/segments/sql.ts): ids, brand, then the condition.
    const filter = new Sql();
    const ids = page.map((r) => filter.p(r.id)).join(", ");
    const brand = filter.p(brandId);
    const where = audienceSql(filter, brandId, included, excluded, { perContact: true });
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
  /** of them, with a subscribed email address (the pipeline may still skip a suppressed one) */
  subscribed: number;
  skipped: { noEmail: number; unsubscribed: number; nonSubscribed: number };
};

/** Who the audience selects now, and why some of them will get nothing: one grouped query over the brand. */
export async function estimateAudience(brandId: string, audience: AudienceData): Promise<AudienceEstimate> {
  const [included, excluded] = await Promise.all([
    definitions(brandId, audience.includedSegmentIDs),
    definitions(brandId, audience.excludedSegmentIDs),
  ]);
  const empty: AudienceEstimate = { contacts: 0, subscribed: 0, skipped: { noEmail: 0, unsubscribed: 0, nonSubscribed: 0 } };
  if (audience.includedSegmentIDs.length > 0 && included.every((d) => !d.groups)) return empty;
  const sql = new Sql();
  // Without included segments the audience is the subscribed contacts: none of them is "skipped" here.
  const selects = `c."brandId" = ${sql.p(brandId)} AND ${audienceSql(sql, brandId, included, excluded, { perContact: false })}`;
  const emailStatus = (status: string) =>
    `EXISTS (SELECT 1 FROM "ContactIdentifier" i WHERE i."contactId" = c."id" AND i."type" = 'email' AND i."status" = '${status}')`;
  const anyEmail = `EXISTS (SELECT 1 FROM "ContactIdentifier" i WHERE i."contactId" = c."id" AND i."type" = 'email')`;
  const rows = await sqlReader().all<Record<string, unknown>>(
    `SELECT COUNT(*) AS "contacts",
       SUM(CASE WHEN ${emailStatus("subscribed")} THEN 1 ELSE 0 END) AS "subscribed",
       SUM(CASE WHEN NOT ${anyEmail} THEN 1 ELSE 0 END) AS "noEmail",
       SUM(CASE WHEN ${anyEmail} AND NOT ${emailStatus("subscribed")} AND ${emailStatus("unsubscribed")} THEN 1 ELSE 0 END) AS "unsubscribed"
     FROM "Contact" c WHERE ${selects}`,
    sql.params,
  );
  const n = (v: unknown) => Number(v ?? 0);
  const row = rows[0] ?? {};
  const contacts = n(row.contacts);
  const subscribed = n(row.subscribed);
  const noEmail = n(row.noEmail);
  const unsubscribed = n(row.unsubscribed);
  return {
    contacts,
    subscribed,
    skipped: { noEmail, unsubscribed, nonSubscribed: Math.max(0, contacts - subscribed - noEmail - unsubscribed) },
  };
}
