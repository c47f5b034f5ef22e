// GET /api/contacts: filters and keyset pagination in one SQL query for the page's ids (the same on
// both engines), then the records by id. An email or phone filter resolves its contact through
// the unique identifier index first, so a lookup costs the same with a thousand contacts as with millions.
import { decodeCursor, encodeCursor, type Paging } from "@/lib/http/pagination";
import { ApiProblem } from "@/lib/http/problems";
import { getSegmentGroups } from "@/lib/segments/get-segment";
import { segmentSql } from "@/lib/segments/segment-sql";
import { Sql } from "@/lib/db/query-builder";
import { sqlReader } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";
import { getContacts } from "./contact-record";
import { normalizeEmail, normalizePhone } from "./identifiers";
import type { ContactListQuery, ContactRecord } from "./schemas";

/**
 * The contact owning an identifier, looked up first through the unique index: given as an id list, the
 * page query then reads by primary key, where an `IN (subquery)` lets the planner walk the whole sort index.
 */
async function identifierOwner(brandId: string, type: "email" | "phone", value: string): Promise<string[]> {
  const reader = sqlReader();
  const rows = await reader.all<{ contactId: string }>(
    `SELECT "contactId" FROM "ContactIdentifier" WHERE "brandId" = ? AND "type" = ? AND "value" = ?`,
    [brandId, type, value],
  );
  return rows.map((r) => r.contactId);
}

export async function listContacts(brandId: string, query: ContactListQuery): Promise<{ contacts: ContactRecord[]; paging: Paging }> {
  const sql = new Sql();
  const where = [`c."brandId" = ${sql.p(brandId)}`];
  if (query.email !== undefined) {
    const ids = await identifierOwner(brandId, "email", normalizeEmail(query.email) ?? query.email.trim().toLowerCase());
    where.push(ids.length > 0 ? `c."id" IN (${ids.map((id) => sql.p(id)).join(", ")})` : "1 = 0");
  }
  if (query.phone !== undefined) {
    const phone = normalizePhone(query.phone);
    if (!phone) {
      throw new ApiProblem("validation-failed", "Invalid query parameter: phone", {
        errors: [
          {
            field: "phone",
            pointer: "/phone",
            code: "invalid_phone",
            message: "is not a valid phone number in E.164 format; encode the leading + as %2B",
            in: "query",
          },
        ],
      });
    }
    const ids = await identifierOwner(brandId, "phone", phone);
    where.push(ids.length > 0 ? `c."id" IN (${ids.map((id) => sql.p(id)).join(", ")})` : "1 = 0");
  }
  if (query.status !== undefined) {
    where.push(
      `c."id" IN (SELECT i."contactId" FROM "ContactIdentifier" i WHERE i."brandId" = ${sql.p(brandId)} AND i."type" = 'email' AND i."status" = ${sql.p(query.status)})`,
    );
  }
  if (query.tag !== undefined)
    where.push(
      `c."id" IN (SELECT t."contactId" FROM "ContactTag" t WHERE t."brandId" = ${sql.p(brandId)} AND t."tag" = ${sql.p(query.tag)})`,
    );
  if (query.segmentID !== undefined) where.push(segmentSql(await getSegmentGroups(brandId, query.segmentID), sql, { brandId }));
  if (query.updatedAtFrom !== undefined) where.push(`c."updatedAt" >= ${sql.p(new Date(query.updatedAtFrom))}`);

  const { sort, direction, limit } = query;
  const backwards = query.before !== undefined;
  const readDirection = backwards === (direction === "desc") ? "ASC" : "DESC";
  const op = readDirection === "ASC" ? ">" : "<";
  const cursorRaw = query.before ?? query.after;
  if (cursorRaw !== undefined) {
    const cursor = decodeCursor(cursorRaw, sort, direction);
    const at = new Date(String(cursor.v));
    if (Number.isNaN(at.getTime())) throw new ApiProblem("validation-failed", "The cursor is not a cursor this API issued");
    where.push(`(c."${sort}" ${op} ${sql.p(at)} OR (c."${sort}" = ${sql.p(at)} AND c."id" ${op} ${sql.p(cursor.id)}))`);
  }
  const rows = await sqlReader().all<{ id: string; at: unknown }>(
    `SELECT c."id" AS id, c."${sort}" AS at FROM "Contact" c WHERE ${where.join(" AND ")} ORDER BY c."${sort}" ${readDirection}, c."id" ${readDirection} LIMIT ${sql.p(limit + 1, "int")}`,
    sql.params,
  );
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  if (backwards) page.reverse();

  const cursorOf = (row: { id: string; at: unknown }) =>
    encodeCursor({ s: sort, d: direction, v: dateValue(row.at).toISOString(), id: row.id });
  const cursors: Paging["cursors"] = page.length > 0 ? { after: cursorOf(page[page.length - 1]), before: cursorOf(page[0]) } : {};
  return {
    contacts: await getContacts(
      brandId,
      page.map((r) => r.id),
    ),
    paging: { limit, hasMore, cursors },
  };
}
