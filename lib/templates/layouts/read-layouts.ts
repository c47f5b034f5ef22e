// Reading universal layouts: one, or a keyset page (newest first).
import { z } from "zod";
import { db } from "@/lib/db";
import { findNameContaining, keysetPage, noAfterAndBefore, pagingQuery } from "@/lib/http/pagination";
import { cursorDate } from "../list-templates";
import { layoutNotFound, layoutSelect, toLayout } from "./save-layout";
import type { Layout } from "./schema";

export const ListLayoutsQuery = pagingQuery({ max: 250, default: 100 })
  .extend({ nameContains: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name" }) })
  .superRefine(noAfterAndBefore);
export type ListLayoutsQuery = z.infer<typeof ListLayoutsQuery>;

export async function getLayout(brandId: string, id: string): Promise<Layout> {
  const row = await db.universalLayout.findFirst({ where: { id, brandId }, select: layoutSelect });
  if (!row) throw layoutNotFound();
  return toLayout(row);
}

export async function listLayouts(brandId: string, query: ListLayoutsQuery) {
  const needle = query.nameContains?.toLowerCase();
  const page = await keysetPage({
    sort: "createdAt",
    column: "createdAt",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row: { createdAt: Date }) => row.createdAt.toISOString(),
    toColumn: cursorDate,
    fetch: (args) => {
      const find = (found: typeof args) =>
        db.universalLayout.findMany({ ...found, where: { brandId, ...found.where }, select: { ...layoutSelect, nameLower: true } });
      return needle ? findNameContaining(needle, args, find) : find(args);
    },
  });
  return { universalLayouts: page.rows.map(toLayout), paging: page.paging };
}
