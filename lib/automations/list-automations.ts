// GET /api/automations: the brand's workflows, a keyset page at a time (cursors carry the sort), filtered
// by state, name and creation or update time.
import { db } from "@/lib/db";
import { findNameContaining, keysetPage } from "@/lib/http/pagination";
import { cursorDate } from "@/lib/templates/list-templates";
import { presentAutomation } from "./present";
import type { ListAutomationsQuery } from "./schemas";
import { recordOf } from "./store";

type Row = Awaited<ReturnType<typeof db.automation.findMany>>[number];

function range(from?: string, to?: string) {
  if (!from && !to) return undefined;
  return { ...(from ? { gte: new Date(from) } : {}), ...(to ? { lte: new Date(to) } : {}) };
}

export async function listAutomations(brandId: string, query: ListAutomationsQuery) {
  const filters: Record<string, unknown> = { brandId };
  if (query.isEnabled !== undefined) filters.isEnabled = query.isEnabled;
  const created = range(query.createdAtFrom, query.createdAtTo);
  const updated = range(query.updatedAtFrom, query.updatedAtTo);
  const needle = query.nameContains?.toLowerCase();
  const page = await keysetPage<Row>({
    sort: query.sort,
    column: query.sort,
    direction: query.direction,
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => (query.sort === "updatedAt" ? row.updatedAt : row.createdAt).toISOString(),
    toColumn: (value) => cursorDate(value),
    fetch: (args) => {
      const find = (found: typeof args) =>
        db.automation.findMany({
          ...found,
          where: {
            AND: [filters, created ? { createdAt: created } : {}, updated ? { updatedAt: updated } : {}, found.where],
          },
        });
      return needle ? findNameContaining(needle, args, find) : find(args);
    },
  });
  return { automations: page.rows.map((row) => presentAutomation(recordOf(row))), paging: page.paging };
}
