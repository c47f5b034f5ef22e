// The brand's templates, a keyset page at a time. Only summary columns are read: never the document.
import { z } from "zod";
import { db } from "@/lib/db";
import { keysetPage, noAfterAndBefore, pagingQuery, type KeysetPage } from "@/lib/http/pagination";
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
      errors: [{ field: "cursor", pointer: "/cursor", code: "invalid_cursor", message: "the cursor is not a cursor this API issued", in: "query" }],
    });
  }
  return date;
}

const summary = { id: true, name: true, nameLower: true, createdAt: true, updatedAt: true } as const;
type Row = { id: string; name: string; nameLower: string; createdAt: Date; updatedAt: Date };

// LIKE treats % and _ as wildcards (and \\ escapes on PostgreSQL but not on SQLite), so a search for them
// would match differently per engine. Such searches read in chunks and keep the exact substring matches.
const LIKE_SPECIAL = /[%_\\]/;
const CHUNK = 500;

type FindArgs = { where: Record<string, unknown>; orderBy: Record<string, "asc" | "desc">[]; take: number };

async function findExact(brandId: string, needle: string, { where, orderBy, take }: FindArgs): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | undefined;
  for (;;) {
    const batch = await db.emailTemplate.findMany({
      where: { brandId, nameLower: { contains: needle }, ...where },
      orderBy,
      take: CHUNK,
      select: summary,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
    out.push(...batch.filter((row) => row.nameLower.includes(needle)));
    if (out.length >= take || batch.length < CHUNK) return out.slice(0, take);
    after = batch[batch.length - 1].id;
  }
}

export async function listTemplates(brandId: string, query: ListTemplatesQuery) {
  const byName = query.sort === "name";
  const needle = query.nameContains?.toLowerCase();
  const filter = needle ? { nameLower: { contains: needle } } : {};
  const page: KeysetPage<Row> = await keysetPage<Row>({
    sort: query.sort,
    column: byName ? "nameLower" : "createdAt",
    direction: query.direction,
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => (byName ? row.nameLower : row.createdAt.toISOString()),
    toColumn: (value) => (byName ? String(value) : cursorDate(value)),
    fetch: (args) =>
      needle && LIKE_SPECIAL.test(needle)
        ? findExact(brandId, needle, args)
        : db.emailTemplate.findMany({ where: { brandId, ...filter, ...args.where }, orderBy: args.orderBy, take: args.take, select: summary }),
  });
  return {
    templates: page.rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    paging: page.paging,
  };
}
