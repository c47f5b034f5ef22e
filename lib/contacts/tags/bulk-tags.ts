// POST / DELETE /api/contacts/tags: add or remove tags on the union of the contacts named by id, email
// and phone (at most 750, applied in one transaction before the 202) and the members of a segment (a
// background job, lib/contacts/tags/tag-jobs.ts). Names of no contact are ignored (published).
import { sqlReader, writeTransaction } from "@/lib/db/sql";
import { ApiProblem } from "@/lib/http/problems";
import { db } from "@/lib/db";
import { isId } from "@/lib/ids";
import { normalizeEmail, normalizePhone } from "../identifiers";
import { applyTags, type TagAction } from "./apply-tags";
import type { TagsRequest } from "./schemas";
import { createTagJob } from "./tag-jobs";

/** The brand's contacts named by id, email or phone, each once. */
async function namedContacts(brandId: string, request: TagsRequest): Promise<string[]> {
  const ids = new Set<string>();
  const reader = sqlReader();
  const contactIDs = [...new Set(request.contactIDs ?? [])].filter(isId);
  if (contactIDs.length) {
    const rows = await reader.all<{ id: string }>(
      `SELECT "id" FROM "Contact" WHERE "id" IN (${contactIDs.map(() => "?").join(", ")}) AND ${reader.dialect.unindexed(`"brandId"`)} = ?`,
      [...contactIDs, brandId],
    );
    for (const r of rows) ids.add(r.id);
  }
  const lookups = [
    ["email", (request.emails ?? []).map((e) => normalizeEmail(e) ?? e.trim().toLowerCase())],
    ["phone", (request.phones ?? []).map((p) => normalizePhone(p) ?? p.trim())],
  ] as const;
  for (const [type, raw] of lookups) {
    const values = [...new Set(raw)];
    if (!values.length) continue;
    const rows = await reader.all<{ contactId: string }>(
      `SELECT "contactId" FROM "ContactIdentifier" WHERE "brandId" = ? AND "type" = ? AND "value" IN (${values.map(() => "?").join(", ")})`,
      [brandId, type, ...values],
    );
    for (const r of rows) ids.add(r.contactId);
  }
  return [...ids];
}

export async function changeTags(brandId: string, action: TagAction, request: TagsRequest) {
  const tags = [...new Set(request.tags)];
  if (request.segmentID !== undefined) {
    const segment = isId(request.segmentID)
      ? await db.segment.findFirst({ where: { id: request.segmentID, brandId }, select: { id: true } })
      : null;
    if (!segment) {
      throw new ApiProblem("validation-failed", "The segment does not exist", {
        errors: [
          { field: "segmentID", pointer: "/segmentID", code: "not_found", message: `no segment ${request.segmentID} in this brand` },
        ],
      });
    }
  }
  const named = await namedContacts(brandId, request);
  // A background job or another request may be changing the same contacts' tags: where the database lets
  // two such writers interleave they can deadlock, and the one it undoes runs again (lib/db/sql.ts).
  const changed = named.length
    ? await writeTransaction((tx) => applyTags(tx, brandId, action, tags, named, new Date()), { retryConflicts: true })
    : [];
  const job = request.segmentID !== undefined ? await createTagJob(brandId, action, tags, request.segmentID) : undefined;
  return { action, contactsChanged: changed.length, ...(job ? { job } : {}) };
}
