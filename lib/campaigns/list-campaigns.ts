// GET /api/campaigns: keyset-paginated by creation time, update time or name, with the published filters
// (statuses and channels ORed, type, a parent's boosters, name substring, time ranges).
import { db } from "@/lib/db";
import { findNameContaining, keysetPage, type Paging } from "@/lib/http/pagination";
import type { Prisma } from "@/lib/generated/prisma/client";
import { campaignRecord, fromRow, type CampaignRow } from "./campaign-store";
import type { CampaignListQuery, CampaignRecord } from "./schemas";

const COLUMNS = { createdAt: "createdAt", updatedAt: "updatedAt", name: "nameLower" } as const;

function filters(brandId: string, query: CampaignListQuery): Prisma.CampaignWhereInput {
  const where: Prisma.CampaignWhereInput = { brandId };
  if (query.status) where.status = { in: query.status };
  if (query.channel) where.channel = { in: query.channel };
  if (query.parentCampaignID) {
    where.parentId = query.parentCampaignID;
    where.type = "booster";
  } else if (query.type) where.type = query.type;
  const range = (from?: string, to?: string) =>
    from || to ? { ...(from ? { gte: new Date(from) } : {}), ...(to ? { lte: new Date(to) } : {}) } : undefined;
  const created = range(query.createdAtFrom, query.createdAtTo);
  const updated = range(query.updatedAtFrom, query.updatedAtTo);
  // The range goes beside the keyset bound (AND), never replaces it.
  const and: Prisma.CampaignWhereInput[] = [];
  if (created) and.push({ createdAt: created });
  if (updated) and.push({ updatedAt: updated });
  if (and.length) where.AND = and;
  return where;
}

export async function listCampaigns(brandId: string, query: CampaignListQuery): Promise<{ campaigns: CampaignRecord[]; paging: Paging }> {
  const sort = query.sort ?? "createdAt";
  const direction = query.direction ?? "desc";
  const column = COLUMNS[sort];
  const base = filters(brandId, query);
  const find = (args: Prisma.CampaignFindManyArgs) => db.campaign.findMany({ ...args, where: { AND: [base, args.where ?? {}] } });
  const page = await keysetPage<CampaignRow>({
    sort,
    column,
    direction,
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => (sort === "name" ? row.nameLower : row[sort].toISOString()),
    toColumn: (value) => (sort === "name" ? value : new Date(String(value))),
    fetch: (args) =>
      query.nameContains
        ? findNameContaining(query.nameContains.toLowerCase(), args, (a) => find(a as Prisma.CampaignFindManyArgs))
        : find(args as Prisma.CampaignFindManyArgs),
  });
  const campaigns = page.rows.map(fromRow);
  // Boosters show the template they inherit: their parents, read in one query.
  const parentIds = [...new Set(campaigns.flatMap((c) => (c.booster ? [c.booster.parentId] : [])))];
  const parents = parentIds.length
    ? new Map((await db.campaign.findMany({ where: { brandId, id: { in: parentIds } } })).map((row) => [row.id, fromRow(row)]))
    : new Map();
  return {
    campaigns: campaigns.map((c) => campaignRecord(c, c.booster ? (parents.get(c.booster.parentId)?.content?.email ?? null) : null)),
    paging: page.paging,
  };
}
