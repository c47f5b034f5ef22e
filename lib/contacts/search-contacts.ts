// The dashboard's contact search (GET /api/contacts/search): one text box matching names, part of an email
// and phone numbers, combined freely with status, tag, segment and date ranges (the published list API
// refuses some of these combinations; the dashboard is not bound by it), a total, and sorting by name or
// email. The text goes through a search index made for it: FTS5 trigram tables on SQLite, pg_trgm GIN
// indexes on PostgreSQL (migration contact_search_and_erasure), so a substring match does not scan.
import { z } from "zod";
import { dbKind } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import { ResourceId } from "@/lib/http/route";
import { getSegmentGroups } from "@/lib/segments/get-segment";
import { segmentSql } from "@/lib/segments/segment-sql";
import { escapeLike, Sql } from "@/lib/segments/sql";
import { getContacts } from "./contact-record";
import { ContactSchema, ContactStatus, MAX_TAG_LENGTH } from "./schemas";

const when = z.iso.datetime({ offset: true }).optional();

export const ContactFilterQuery = z.object({
  q: z.string().trim().max(200).optional().meta({ description: "Words each found in the name, an email or a phone number (part of it will do)" }),
  status: ContactStatus.optional().meta({ description: "Contacts with an email identifier in this status" }),
  tag: z.string().min(1).max(MAX_TAG_LENGTH).optional(),
  segmentID: ResourceId.optional(),
  createdFrom: when, createdTo: when, updatedFrom: when, updatedTo: when,
});
export type ContactFilter = z.infer<typeof ContactFilterQuery>;

export const SEARCH_SORTS = ["name", "email", "createdAt", "updatedAt"] as const;
export const ContactSearchQuery = ContactFilterQuery.extend({
  sort: z.enum(SEARCH_SORTS).default("createdAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  limit: z.coerce.number().int().min(1).max(250).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
}).strict().meta({ id: "ContactSearchQuery" });
export type ContactSearchQuery = z.infer<typeof ContactSearchQuery>;

export const ContactSearchResult = z.object({
  contacts: z.array(ContactSchema),
  total: z.number().int().meta({ description: "Contacts matching the filters (all pages); with text, counted up to 500" }),
  capped: z.boolean().meta({ description: "true when the text matched more contacts than are counted: add words or filters to narrow it" }),
  limit: z.number().int(),
  offset: z.number().int(),
}).meta({ id: "ContactSearchResult" });
export type ContactSearchResult = z.infer<typeof ContactSearchResult>;

const NAME = `lower(coalesce(c."firstName", '') || ' ' || coalesce(c."lastName", ''))`;

/** The search words: a phone-like text ("+1 (415) 555-26") is one term of its digits, anything else splits on spaces. */
export function searchTerms(q: string | undefined): { text: string; phone: boolean }[] {
  const trimmed = (q ?? "").trim().toLowerCase();
  if (!trimmed) return [];
  const digits = trimmed.replace(/\D/g, "");
  if (/^\+?[\d\s().-]+$/.test(trimmed) && digits.length >= 3) return [{ text: digits, phone: true }];
  // A word without a letter or digit ("@", "-") matches nothing in a word index: it is left out.
  // Query punctuation (quotes, brackets, *, ^, :) is not part of anyone's name or address: dropped, so both
  // engines read '"bob"' as the word bob (FTS5 would otherwise see syntax, LIKE the quotes themselves).
  return trimmed.split(/\s+/).map((word) => word.replace(/["()*^:]/g, "")).filter((word) => /[\p{L}\p{N}]/u.test(word)).slice(0, 5).map((text) => ({ text, phone: false }));
}

/** An FTS5 prefix phrase: the text as one quoted phrase (quotes doubled, so nothing in it is query syntax)
 * whose last word may be the start of a longer one ("ava smi" finds "Ava Smith"). */
const ftsPrefix = (text: string) => `"${text.replace(/"/g, '""')}" *`;

/**
 * Ids of the brand's contacts whose name or an identifier matches the term. With `cap`, each index gives
 * at most that many of the brand's matches (the newest): a word that matches most of a large audience
 * ("example.com") costs less than counting them all, and the total reads "cap+". The brand is applied
 * before the cap, so another brand's matches never use up this brand's.
 */
function termSql(sql: Sql, brandId: string, term: { text: string; phone: boolean }, cap: number | null): string {
  const limit = cap === null ? "" : ` LIMIT ${cap + 1}`;
  if (sql.dialect === "postgres") {
    const pattern = `%${escapeLike(term.text)}%`;
    const names = term.phone ? "" : `SELECT c2."id" FROM "Contact" c2 WHERE c2."brandId" = ${sql.p(brandId, "text")} AND lower(coalesce(c2."firstName", '') || ' ' || coalesce(c2."lastName", '')) LIKE ${sql.p(pattern, "text")}${limit}`;
    const values = `SELECT i."contactId" FROM "ContactIdentifier" i WHERE i."brandId" = ${sql.p(brandId, "text")} AND i."value" LIKE ${sql.p(pattern, "text")}${limit}`;
    return names ? `(${names}) UNION (${values})` : values;
  }
  // The FTS5 tables hold no brand: the brand and the cap apply to the rows they point at.
  const order = cap === null ? "" : " ORDER BY rowid DESC";
  const names = term.phone ? "" : `SELECT "id" FROM (SELECT c2."id" FROM "Contact" c2 WHERE c2."brandId" = ${sql.p(brandId, "text")} AND c2.rowid IN (SELECT rowid FROM "ContactNameSearch" WHERE "ContactNameSearch" MATCH ${sql.p(ftsPrefix(term.text))})${order.replace("rowid", "c2.rowid")}${limit}) UNION `;
  return `${names}SELECT "contactId" FROM (SELECT i."contactId" FROM "ContactIdentifier" i WHERE i."brandId" = ${sql.p(brandId, "text")} AND i.rowid IN (SELECT rowid FROM "ContactIdentifierSearch" WHERE "ContactIdentifierSearch" MATCH ${sql.p(ftsPrefix(term.text))})${order.replace("rowid", "i.rowid")}${limit})`;
}

/** Text matches counted exactly up to here in the dashboard's search; beyond, the total reads "more than 500". */
export const SEARCH_CAP = 500;

/**
 * The WHERE clause (alias c for "Contact") of a filtered view; used by search, export and bulk actions.
 * `cap` bounds the text matches (the dashboard's search); export and bulk actions take every match.
 */
export async function filterWhere(brandId: string, filter: ContactFilter, sql = new Sql(), cap: number | null = null): Promise<string> {
  const terms = searchTerms(filter.q);
  // With text, the matches drive the query: "+" keeps SQLite from walking the brand's whole index instead.
  const where = [`${terms.length && sql.dialect === "sqlite" ? "+" : ""}c."brandId" = ${sql.p(brandId, "text")}`];
  // The cap bounds a single word only: capped sets of several words could miss the contacts they share.
  for (const term of terms) where.push(`c."id" IN (${termSql(sql, brandId, term, terms.length === 1 ? cap : null)})`);
  if (filter.status !== undefined) {
    where.push(`c."id" IN (SELECT s."contactId" FROM "ContactIdentifier" s WHERE s."brandId" = ${sql.p(brandId, "text")} AND s."type" = 'email' AND s."status" = ${sql.p(filter.status, "text")})`);
  }
  if (filter.tag !== undefined) where.push(`c."id" IN (SELECT t."contactId" FROM "ContactTag" t WHERE t."brandId" = ${sql.p(brandId, "text")} AND t."tag" = ${sql.p(filter.tag, "text")})`);
  if (filter.segmentID !== undefined) where.push(segmentSql(await getSegmentGroups(brandId, filter.segmentID), sql, { brandId }));
  if (filter.createdFrom) where.push(`c."createdAt" >= ${sql.p(new Date(filter.createdFrom), "ts")}`);
  if (filter.createdTo) where.push(`c."createdAt" <= ${sql.p(new Date(filter.createdTo), "ts")}`);
  if (filter.updatedFrom) where.push(`c."updatedAt" >= ${sql.p(new Date(filter.updatedFrom), "ts")}`);
  if (filter.updatedTo) where.push(`c."updatedAt" <= ${sql.p(new Date(filter.updatedTo), "ts")}`);
  return where.join(" AND ");
}

function orderBy(sort: ContactSearchQuery["sort"], direction: "asc" | "desc"): string {
  const dir = direction === "asc" ? "ASC" : "DESC";
  if (sort === "name") return `(${NAME} = ' ') ASC, ${NAME} ${dir}, c."id" ${dir}`;
  if (sort === "email") {
    const email = `(SELECT min(e."value") FROM "ContactIdentifier" e WHERE e."contactId" = c."id" AND e."type" = 'email')`;
    return `(${email} IS NULL) ASC, ${email} ${dir}, c."id" ${dir}`;
  }
  return `c."${sort}" ${dir}, c."id" ${dir}`;
}

export async function searchContacts(brandId: string, query: ContactSearchQuery): Promise<ContactSearchResult> {
  const countSql = new Sql(dbKind);
  const cap = query.q ? SEARCH_CAP : null;
  const countWhere = await filterWhere(brandId, query, countSql, cap);
  const pageSql = new Sql(dbKind);
  const pageWhere = await filterWhere(brandId, query, pageSql, cap);
  const reader = sqlReader();
  const [[count], rows] = await Promise.all([
    reader.all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "Contact" c WHERE ${countWhere}`, countSql.params),
    reader.all<{ id: string }>(
      `SELECT c."id" AS id FROM "Contact" c WHERE ${pageWhere} ORDER BY ${orderBy(query.sort, query.direction)} LIMIT ${pageSql.p(query.limit, "int")} OFFSET ${pageSql.p(query.offset, "int")}`,
      pageSql.params,
    ),
  ]);
  const total = numberValue(count.n);
  const capped = cap !== null && searchTerms(query.q).length === 1 && total > cap;
  return { contacts: await getContacts(brandId, rows.map((r) => r.id)), total: capped ? cap : total, capped, limit: query.limit, offset: query.offset };
}
