// The brand's templates, a keyset page at a time. Only summary columns are read: never the document.
import { z } from "zod";
import { db } from "@/lib/db";
import { findNameContaining, keysetPage, noAfterAndBefore, pagingQuery, type KeysetPage } from "@/lib/http/pagination";
import { ApiProblem } from "@/lib/http/problems";

export const ListTemplatesQuery = pagingQuery({ max: 100, default: 50 })
  .extend({
    sort: z.enum(["createdAt", "name"]).default("createdAt").meta({ description: "Sort field (ties broken by id)" }),
    direction: z.enum(["asc", "desc"]).default("desc"),
    nameContains: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name" }),
  })
  .superRefine(noAfterAndBefore);
export type ListTemplatesQuery = z.infer<typeof ListTemplatesQuery>;

/** A createdAt cursor value back to a Date; a tampered one is a 400, not a database error. */
export function cursorDate(value: unknown): Date {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) {
    throw new ApiProblem("validation-failed", "The cursor is not a cursor this API issued", {
      errors: [
        { field: "cursor", pointer: "/cursor", code: "invalid_cursor", message: "the cursor is not a cursor this API issued", in: "query" },
      ],
    });
  }
  return date;
}

const summary = { id: true, name: true, nameLower: true, createdAt: true, updatedAt: true } as const;
type Row = { id: string; name: string; nameLower: string; createdAt: Date; updatedAt: Date };

export async function listTemplates(brandId: string, query: ListTemplatesQuery) {
  const byName = query.sort === "name";
  const needle = query.nameContains?.toLowerCase();
  const page: KeysetPage<Row> = await keysetPage<Row>({
    sort: query.sort,
    column: byName ? "nameLower" : "createdAt",
    direction: query.direction,
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => (byName ? row.nameLower : row.createdAt.toISOString()),
    toColumn: (value) => (byName ? String(value) : cursorDate(value)),
    fetch: (args) => {
      const find = (found: typeof args) =>
        // Templates kept with a workflow (an automation starter's) are listed once a person edited them.
        db.emailTemplate.findMany({ ...found, where: { brandId, ...found.where, kept: { is: null } }, select: summary });
      return needle ? findNameContaining(needle, args, find) : find(args);
    },
  });
  return {
    templates: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    paging: page.paging,
  };
}
