// The dashboard's contact search (GET /api/contacts/search): one text box matching names, part of an email
// and phone numbers, combined freely with status, tag, segment and date ranges (the published list API
// refuses some of these combinations; the dashboard is not bound by it), a total, and sorting by name or
// email. The text goes through the word-prefix indexes made for it (lib/db/word-search.ts), so "ava smi"
// finds Ava Smith and "415 555" her phone number without a scan.
import { z } from "zod";
import { sqlReader } from "@/lib/db/sql";
import { numberValue } from "@/lib/db/values";
import {
  amongIds,
  amongMatches,
  besideMatches,
  CONTACT_IDENTIFIERS,
  CONTACT_NAMES,
  rowMatchesWords,
  wordMatches,
  type WordIndex,
} from "@/lib/db/word-search";
import { ResourceId } from "@/lib/http/route";
import { getSegmentGroups } from "@/lib/segments/get-segment";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/db/query-builder";
import { getContacts } from "./contact-record";
import { ContactSchema, ContactStatus, MAX_TAG_LENGTH } from "./schemas";

const when = z.iso.datetime({ offset: true }).optional();

export const ContactFilterQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ description: "Words each found in the name, an email or a phone number (part of it will do)" }),
  status: ContactStatus.optional().meta({ description: "Contacts with an email identifier in this status" }),
  tag: z.string().min(1).max(MAX_TAG_LENGTH).optional(),
  segmentID: ResourceId.optional(),
  createdFrom: when,
  createdTo: when,
  updatedFrom: when,
  updatedTo: when,
});
export type ContactFilter = z.infer<typeof ContactFilterQuery>;

export const SEARCH_SORTS = ["name", "email", "createdAt", "updatedAt"] as const;
export const ContactSearchQuery = ContactFilterQuery.extend({
  sort: z.enum(SEARCH_SORTS).default("createdAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  limit: z.coerce.number().int().min(1).max(250).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})
  .strict()
  .meta({ id: "ContactSearchQuery" });
export type ContactSearchQuery = z.infer<typeof ContactSearchQuery>;

export const ContactSearchResult = z
  .object({
    contacts: z.array(ContactSchema),
    total: z.number().int().meta({ description: "Contacts matching the filters (all pages); with text, counted up to 500" }),
    capped: z
      .boolean()
      .meta({ description: "true when the text matched more contacts than are counted: add words or filters to narrow it" }),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: "ContactSearchResult" });
export type ContactSearchResult = z.infer<typeof ContactSearchResult>;

const NAME = `lower(coalesce(c."firstName", '') || ' ' || coalesce(c."lastName", ''))`;

type Term = { text: string; phone: boolean };

/** The search words: a phone-like text ("+1 (415) 555-26") is one term of its digits, anything else splits on spaces. */
export function searchTerms(q: string | undefined): Term[] {
  const trimmed = (q ?? "").trim().toLowerCase();
  if (!trimmed) return [];
  const digits = trimmed.replace(/\D/g, "");
  if (/^\+?[\d\s().-]+$/.test(trimmed) && digits.length >= 3) return [{ text: digits, phone: true }];
  // A word without a letter or digit ("@", "-") matches nothing in a word index: it is left out.
  // Query punctuation (quotes, brackets, *, ^, :) is not part of anyone's name or address: dropped, so
  // '"bob"' is the word bob (a word index would otherwise see syntax, LIKE the quotes themselves).
  return trimmed
    .split(/\s+/)
    .map((word) => word.replace(/["()*^:]/g, ""))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, 5)
    .map((text) => ({ text, phone: false }));
}

/** The indexes a term is looked up in: a phone-like term only in identifier values. */
const indexesOf = (term: Term): WordIndex[] => (term.phone ? [CONTACT_IDENTIFIERS] : [CONTACT_NAMES, CONTACT_IDENTIFIERS]);

/**
 * Ids of the brand's contacts whose name (a phone-like term: none) or whose identifier matches the term:
 * one query per index. With `cap`, each gives at most that many of the brand's matches (+1), and the
 * total reads "cap+" (lib/db/word-search.ts).
 */
function termParts(brandId: string, term: Term, cap: number | null): ((sql: Sql) => string)[] {
  return indexesOf(term).map((index) => (sql: Sql) => wordMatches(sql, index, brandId, term.text, cap));
}

/** The term's match list as one subquery (see termParts). */
function termSql(sql: Sql, brandId: string, term: Term, cap: number | null): string {
  return termParts(brandId, term, cap)
    .map((part, i) => `SELECT * FROM (${part(sql)}) AS part${i}`)
    .join(" UNION ");
}

/** The brand's contacts matching the term, up to `most` (null when there are more), each index apart. */
async function termCandidates(kind: Sql["dialect"]["kind"], brandId: string, term: Term, most: number): Promise<string[] | null> {
  const reader = sqlReader();
  // Each index read apart, up to most + 1: a UNION of the two would be read whole first.
  const lists = await Promise.all(
    termParts(brandId, term, null).map((part) => {
      const probe = new Sql(kind);
      return reader.all<Record<string, string>>(`${part(probe)} LIMIT ${most + 1}`, probe.params);
    }),
  );
  if (lists.some((rows) => rows.length > most)) return null;
  return [...new Set(lists.flatMap((rows) => rows.map((r) => Object.values(r)[0])))];
}

/** Whether contact c matches the term, checked on the row itself (for a few candidates). */
function termMatchSql(sql: Sql, term: Term): string {
  const identifier = `EXISTS (SELECT 1 FROM "ContactIdentifier" m WHERE m."contactId" = c."id" AND ${rowMatchesWords(sql, CONTACT_IDENTIFIERS, "m", term.text)})`;
  return term.phone ? identifier : `(${rowMatchesWords(sql, CONTACT_NAMES, "c", term.text)} OR ${identifier})`;
}

/** Candidates read per word when several words are searched (see textWhere). */
const CANDIDATES = 1_000;

/**
 * The text condition of several words (one word is its match list, capped). Each word's matches are read
 * up to CANDIDATES; the smallest complete set drives and the other words are checked on those rows
 * (intersecting "rossi" with 15,000 matches costs 10x more). When every word matches more than that, the
 * sets are intersected in full. The matches are handed over as a list (lib/db/word-search.ts amongIds),
 * read once for both the count and the page.
 */
async function textWhere(sql: Sql, brandId: string, terms: Term[], cap: number | null): Promise<string> {
  if (terms.length === 1) return amongMatches(sql, `c."id"`, [termSql(sql, brandId, terms[0], cap)]);
  const sets = await Promise.all(terms.map((term) => termCandidates(sql.dialect.kind, brandId, term, CANDIDATES)));
  const complete = sets.flatMap((ids, index) => (ids ? [{ ids, index }] : [])).sort((a, b) => a.ids.length - b.ids.length);
  if (complete.length === 0)
    return amongMatches(
      sql,
      `c."id"`,
      terms.map((term) => termSql(sql, brandId, term, null)),
    );
  // Words whose set is complete intersect here; the others are checked on the remaining rows.
  const others = complete.slice(1).map(({ ids }) => new Set(ids));
  const ids = complete[0].ids.filter((id) => others.every((set) => set.has(id)));
  const unchecked = terms.filter((_, index) => sets[index] === null);
  return [amongIds(sql, `c."id"`, ids), ...unchecked.map((term) => termMatchSql(sql, term))].join(" AND ");
}

/** Text matches counted exactly up to here in the dashboard's search; beyond, the total reads "more than 500". */
export const SEARCH_CAP = 500;

/**
 * The WHERE clause (alias c for "Contact") of a filtered view; used by search, export and bulk actions.
 * `cap` bounds the text matches (the dashboard's search); export and bulk actions take every match.
 */
export async function filterWhere(brandId: string, filter: ContactFilter, sql = new Sql(), cap: number | null = null): Promise<string> {
  const terms = searchTerms(filter.q);
  // With text, the matches drive the query, not the brand's index.
  const where = [`${terms.length ? besideMatches(sql, `c."brandId"`) : `c."brandId"`} = ${sql.p(brandId, "text")}`];
  // The cap bounds a single word only: capped sets of several words could miss the contacts they share.
  if (terms.length) where.push(await textWhere(sql, brandId, terms, cap));
  if (filter.status !== undefined) {
    where.push(
      `c."id" IN (SELECT s."contactId" FROM "ContactIdentifier" s WHERE s."brandId" = ${sql.p(brandId, "text")} AND s."type" = 'email' AND s."status" = ${sql.p(filter.status, "text")})`,
    );
  }
  if (filter.tag !== undefined)
    where.push(
      `c."id" IN (SELECT t."contactId" FROM "ContactTag" t WHERE t."brandId" = ${sql.p(brandId, "text")} AND t."tag" = ${sql.p(filter.tag, "text")})`,
    );
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
  const sql = new Sql();
  const cap = query.q ? SEARCH_CAP : null;
  const where = await filterWhere(brandId, query, sql, cap);
  const reader = sqlReader();
  // One WHERE and its parameters for both statements; limit and offset are integers the schema checked.
  const [[count], rows] = await Promise.all([
    reader.all<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "Contact" c WHERE ${where}`, sql.params),
    reader.all<{ id: string }>(
      `SELECT c."id" AS id FROM "Contact" c WHERE ${where} ORDER BY ${orderBy(query.sort, query.direction)} LIMIT ${Math.trunc(query.limit)} OFFSET ${Math.trunc(query.offset)}`,
      sql.params,
    ),
  ]);
  const total = numberValue(count.n);
  const capped = cap !== null && searchTerms(query.q).length === 1 && total > cap;
  return {
    contacts: await getContacts(
      brandId,
      rows.map((r) => r.id),
    ),
    total: capped ? cap : total,
    capped,
    limit: query.limit,
    offset: query.offset,
  };
}
