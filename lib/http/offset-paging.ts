// Offset pagination, as the published catalog and batch lists use it: `offset` and `limit` in the
// query, `paging {limit, offset, next, previous}` in the answer, the links on the public origin
// (APP_URL), never the host a request came in on.
import { z } from "zod";
import { config } from "@/lib/config";

/** Query fields every offset-paged list shares: offset (default 0), limit (1-250, default 100). */
export const offsetPagingQuery = {
  offset: z.coerce.number().int().min(0).default(0).meta({ description: "Rows to skip (default 0)" }),
  limit: z.coerce.number().int().min(1).max(250).default(100).meta({ description: "Page size, 1-250 (default 100)" }),
};

export const OffsetPagingSchema = z
  .object({
    limit: z.number().int(),
    offset: z.number().int(),
    next: z.string().optional().meta({ description: "The next page's URL (absent on the last page)" }),
    previous: z.string().optional().meta({ description: "The previous page's URL (absent on the first page)" }),
  })
  .meta({ id: "OffsetPaging" });
export type OffsetPaging = z.infer<typeof OffsetPagingSchema>;

/** The paging member of a page read with `limit + 1` rows (`hasMore`: that extra row came back). */
export function offsetPaging(
  path: string,
  query: { offset: number; limit: number } & Record<string, unknown>,
  hasMore: boolean,
): OffsetPaging {
  const link = (offset: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined && name !== "offset") params.set(name, String(value));
    params.set("offset", String(offset));
    return `${config().appOrigin}${path}?${params}`;
  };
  return {
    limit: query.limit,
    offset: query.offset,
    ...(hasMore ? { next: link(query.offset + query.limit) } : {}),
    ...(query.offset > 0 ? { previous: link(Math.max(0, query.offset - query.limit)) } : {}),
  };
}
