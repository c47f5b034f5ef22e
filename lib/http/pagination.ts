// Cursor pagination (keyset): cursors carry the sort and the last row's sort value and id, so paging
// stays exact while rows are inserted or deleted, and every page costs one index range scan.
import { z } from "zod";
import { ApiProblem } from "./problems";

export type Direction = "asc" | "desc";
type CursorValue = string | number | null;
type Cursor = { s: string; d: Direction; v: CursorValue; id: string };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

export function decodeCursor(raw: string, sort: string, direction: Direction): Cursor {
  let cursor: Cursor;
  try {
    cursor = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor("is not a cursor this API issued");
  }
  if (!cursor || typeof cursor !== "object" || typeof cursor.id !== "string" || !("v" in cursor))
    throw invalidCursor("is not a cursor this API issued");
  if (cursor.s !== sort || cursor.d !== direction) {
    throw invalidCursor(`was issued for sort=${cursor.s}&direction=${cursor.d}; repeat those parameters or start again without a cursor`);
  }
  return cursor;
}

function invalidCursor(why: string) {
  return new ApiProblem("validation-failed", `The cursor ${why}`, {
    errors: [{ field: "cursor", pointer: "/cursor", code: "invalid_cursor", message: `the cursor ${why}`, in: "query" }],
  });
}

/** Query parameters every list shares: limit, after, before (never both). */
export function pagingQuery(options: { max: number; default: number }) {
  return z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(options.max)
      .default(options.default)
      .meta({ description: `Page size, 1-${options.max} (default ${options.default})` }),
    after: z.string().max(1000).optional().meta({ description: "Cursor: the page after this one (from paging.cursors.after)" }),
    before: z.string().max(1000).optional().meta({ description: "Cursor: the page before this one (from paging.cursors.before)" }),
  });
}

/** Rejects `after` together with `before`; chain onto a list query schema with .superRefine. */
export function noAfterAndBefore(query: { after?: string; before?: string }, ctx: z.RefinementCtx) {
  if (query.after !== undefined && query.before !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["before"],
      message: "after and before cannot be used together",
      params: { code: "conflicting_parameters" },
    });
  }
}

export type Paging = { limit: number; hasMore: boolean; cursors: { after?: string; before?: string } };

export type KeysetPage<Row> = { rows: Row[]; paging: Paging };

type KeysetOptions<Row> = {
  sort: string;
  /** the column that holds the sort value (may differ from the sort name, e.g. a lowercased copy) */
  column: string;
  direction: Direction;
  limit: number;
  after?: string;
  before?: string;
  /** the sort value of a row, as stored in the cursor */
  valueOf: (row: Row) => CursorValue;
  /** turns a cursor value back into what the column compares with (e.g. ISO string → Date) */
  toColumn?: (value: CursorValue) => unknown;
  /** fetches rows given the extra keyset condition, the order and a row budget */
  fetch: (args: { where: Record<string, unknown>; orderBy: Record<string, Direction>[]; take: number }) => Promise<Row[]>;
  idOf?: (row: Row) => string;
};

/** One page of a keyset-paginated list, in the requested order, with cursors for both directions. */
export async function keysetPage<Row>(options: KeysetOptions<Row>): Promise<KeysetPage<Row>> {
  const { sort, column, direction, limit } = options;
  const idOf = options.idOf ?? ((row: Row) => (row as { id: string }).id);
  const toColumn = options.toColumn ?? ((v: CursorValue) => v);
  const backwards = options.before !== undefined;
  const cursorRaw = options.before ?? options.after;
  // Walking backwards reads in the opposite order and flips the page afterwards.
  const readDirection: Direction = backwards ? (direction === "asc" ? "desc" : "asc") : direction;
  const op = readDirection === "asc" ? "gt" : "lt";

  let where: Record<string, unknown> = {};
  if (cursorRaw !== undefined) {
    const cursor = decodeCursor(cursorRaw, sort, direction);
    const value = toColumn(cursor.v);
    where =
      column === "id"
        ? { id: { [op]: cursor.id } }
        : // The leading inclusive bound lets either engine seek in the (brandId, column, id) index;
          // with the OR alone they scan from the start of the brand's rows, which grows with the page depth.
          {
            AND: [
              { [column]: { [`${op}e`]: value } },
              { OR: [{ [column]: { [op]: value } }, { [column]: value, id: { [op]: cursor.id } }] },
            ],
          };
  }
  const orderBy: Record<string, Direction>[] =
    column === "id" ? [{ id: readDirection }] : [{ [column]: readDirection }, { id: readDirection }];
  const fetched = await options.fetch({ where, orderBy, take: limit + 1 });
  const hasMore = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (backwards) rows.reverse();

  const cursorFor = (row: Row) => encodeCursor({ s: sort, d: direction, v: options.valueOf(row), id: idOf(row) });
  const cursors: Paging["cursors"] = {};
  if (rows.length > 0) {
    cursors.after = cursorFor(rows[rows.length - 1]);
    cursors.before = cursorFor(rows[0]);
  }
  return { rows, paging: { limit, hasMore, cursors } };
}

type FindArgs = { where: Record<string, unknown>; orderBy: Record<string, Direction>[]; take: number };
type Finder<Row> = (args: FindArgs & { cursor?: { id: string }; skip?: number }) => Promise<Row[]>;

// LIKE treats % and _ as wildcards (and \\ escapes on one engine but not on the other), so a search for
// them would match differently per engine. Such searches read in chunks and keep the exact substring matches.
const LIKE_SPECIAL = /[%_\\]/;
const CHUNK = 500;

/**
 * A keyset page's rows whose `nameLower` contains `needle` (lowercased) literally, `take` of them when
 * there are: the `fetch` of keysetPage for a "nameContains" filter. `find` is the model's findMany with
 * the brand and the selected columns bound.
 */
export async function findNameContaining<Row extends { id: string; nameLower: string }>(
  needle: string,
  args: FindArgs,
  find: Finder<Row>,
): Promise<Row[]> {
  const where = { nameLower: { contains: needle }, ...args.where };
  if (!LIKE_SPECIAL.test(needle)) return find({ where, orderBy: args.orderBy, take: args.take });
  const out: Row[] = [];
  let after: string | undefined;
  for (;;) {
    const batch = await find({ where, orderBy: args.orderBy, take: CHUNK, ...(after ? { cursor: { id: after }, skip: 1 } : {}) });
    out.push(...batch.filter((row) => row.nameLower.includes(needle)));
    if (out.length >= args.take || batch.length < CHUNK) return out.slice(0, args.take);
    after = batch[batch.length - 1].id;
  }
}

/** The OpenAPI/zod shape of the paging envelope member. */
export const PagingSchema = z
  .object({
    limit: z.number().int(),
    hasMore: z.boolean().meta({ description: "Whether more items exist beyond this page in the direction it was read" }),
    cursors: z.object({ after: z.string().optional(), before: z.string().optional() }),
  })
  .meta({ id: "Paging" });
