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
  total: z.number().int().meta({ description: "Contacts matching the filters (all pages)" }),
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
  return trimmed.split(/\s+/).filter(Boolean).slice(0, 5).map((text) => ({ text, phone: false }));
}

/** An FTS5 phrase: the text as one quoted string (quotes doubled), so no word is read as query syntax. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** Ids of contacts (any brand: the caller adds the brand) whose name or an identifier contains the term. */
function termSql(sql: Sql, term: { text: string; phone: boolean }): string {
  const short = term.text.length < 3;
  if (sql.dialect === "postgres") {
    const pattern = `%${escapeLike(term.text)}%`;
    const names = term.phone ? "" : `SELECT c2."id" FROM "Contact" c2 WHERE lower(coalesce(c2."firstName", '') || ' ' || coalesce(c2."lastName", '')) LIKE ${sql.p(pattern, "text")} UNION `;
    return `${names}SELECT i."contactId" FROM "ContactIdentifier" i WHERE i."value" LIKE ${sql.p(pattern, "text")}`;
  }
  // Trigram MATCH needs three characters; shorter terms use LIKE on the index's own text (a scan, but of the index).
  const names = term.phone
    ? ""
    : short
      ? `SELECT c2."id" FROM "Contact" c2 WHERE c2.rowid IN (SELECT rowid FROM "ContactNameSearch" WHERE "firstName" LIKE ${sql.p(`%${term.text}%`)} OR "lastName" LIKE ${sql.p(`%${term.text}%`)}) UNION `
      : `SELECT c2."id" FROM "Contact" c2 WHERE c2.rowid IN (SELECT rowid FROM "ContactNameSearch" WHERE "ContactNameSearch" MATCH ${sql.p(ftsPhrase(term.text))}) UNION `;
  const values = short
    ? `SELECT rowid FROM "ContactIdentifierSearch" WHERE "value" LIKE ${sql.p(`%${term.text}%`)}`
    : `SELECT rowid FROM "ContactIdentifierSearch" WHERE "ContactIdentifierSearch" MATCH ${sql.p(ftsPhrase(term.text))}`;
  return `${names}SELECT i."contactId" FROM "ContactIdentifier" i WHERE i.rowid IN (${values})`;
}

/** The WHERE clause (alias c for "Contact") of a filtered view; used by search, export and bulk actions. */
export async function filterWhere(brandId: string, filter: ContactFilter, sql = new Sql()): Promise<string> {
  const where = [`c."brandId" = ${sql.p(brandId, "text")}`];
  for (const term of searchTerms(filter.q)) where.push(`c."id" IN (${termSql(sql, term)})`);
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
  const countWhere = await filterWhere(brandId, query, countSql);
  const pageSql = new Sql(dbKind);
  const pageWhere = await filterWhere(brandId, query, pageSql);
  const reader = sqlReader();
  const [[count], rows] = await Promise.all([
    reader.all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "Contact" c WHERE ${countWhere}`, countSql.params),
    reader.all<{ id: string }>(
      `SELECT c."id" AS id FROM "Contact" c WHERE ${pageWhere} ORDER BY ${orderBy(query.sort, query.direction)} LIMIT ${pageSql.p(query.limit, "int")} OFFSET ${pageSql.p(query.offset, "int")}`,
      pageSql.params,
    ),
  ]);
  return { contacts: await getContacts(brandId, rows.map((r) => r.id)), total: numberValue(count.n), limit: query.limit, offset: query.offset };
}
