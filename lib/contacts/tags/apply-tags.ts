// Adding or removing tags on a set of contacts inside one write transaction: exact under concurrent
// writers because the change is one statement per tag against the rows as they are (an existing tag is
// left alone, a missing one is not "removed"), and only contacts whose tags changed get a new updatedAt.
import type { Dialect } from "@/lib/db/dialect";
import type { SqlRunner } from "@/lib/db/sql";

export type TagAction = "add" | "remove";

/** A list of ids as one parameter: stable SQL text however many ids (lib/db/dialect.ts idList). */
export function idList(tx: { dialect: Dialect }, ids: string[]): { sql: string; param: unknown } {
  return tx.dialect.idList(ids);
}

/** Applies the change to those of `contactIds` that are the brand's contacts; returns the ids whose tags changed. */
export async function applyTags(
  tx: SqlRunner,
  brandId: string,
  action: TagAction,
  tags: string[],
  contactIds: string[],
  now: Date,
): Promise<string[]> {
  if (contactIds.length === 0 || tags.length === 0) return [];
  const changed = new Set<string>();
  const ids = idList(tx, contactIds);
  if (action === "add") {
    for (const tag of new Set(tags)) {
      // The WHERE clause also keeps ON CONFLICT from being read as a join constraint of the SELECT.
      const rows = await tx.all<{ contactId: string }>(
        `INSERT INTO "ContactTag" ("contactId", "brandId", "tag")
         SELECT c."id", c."brandId", ? FROM "Contact" c WHERE c."brandId" = ? AND c."id" IN ${ids.sql}
         ON CONFLICT DO NOTHING RETURNING "contactId"`,
        [tag, brandId, ids.param],
      );
      for (const row of rows) changed.add(row.contactId);
    }
  } else {
    const unique = [...new Set(tags)];
    const rows = await tx.all<{ contactId: string }>(
      `DELETE FROM "ContactTag" WHERE "brandId" = ? AND "tag" IN (${unique.map(() => "?").join(", ")}) AND "contactId" IN ${ids.sql} RETURNING "contactId"`,
      [brandId, ...unique, ids.param],
    );
    for (const row of rows) changed.add(row.contactId);
  }
  if (changed.size > 0) {
    const touched = idList(tx, [...changed]);
    await tx.run(`UPDATE "Contact" SET "updatedAt" = ?ts WHERE "brandId" = ? AND "id" IN ${touched.sql}`, [now, brandId, touched.param]);
  }
  return [...changed];
}
