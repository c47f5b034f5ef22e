// Reading batches and their items' results. Counts come from the items themselves, so a batch in
// progress shows how far it got.
import { db } from "@/lib/db";
import { requireScope } from "@/lib/http/route";
import { offsetPaging } from "@/lib/http/offset-paging";
import type { Principal } from "@/lib/http/principal";
import { ApiProblem } from "@/lib/http/problems";
import {
  BATCH_SCOPES,
  type BatchEndpoint,
  type BatchItemRecord,
  type BatchRecord,
  type BatchStatus,
  type ListBatchesQuery,
} from "./schemas";

const BATCH_COLUMNS = {
  id: true,
  endpoint: true,
  method: true,
  origin: true,
  status: true,
  totalCount: true,
  createdAt: true,
  startedAt: true,
  endedAt: true,
} as const;
type BatchRow = {
  id: string;
  endpoint: string;
  method: string;
  origin: string;
  status: string;
  totalCount: number;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
};
type Counts = { finished: number; failed: number };

async function countsOf(batchIds: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>(batchIds.map((id) => [id, { finished: 0, failed: 0 }]));
  if (batchIds.length === 0) return counts;
  const groups = await db.batchItem.groupBy({
    by: ["batchId", "status"],
    where: { batchId: { in: batchIds }, status: { not: "pending" } },
    _count: { _all: true },
  });
  for (const g of groups) {
    const c = counts.get(g.batchId)!;
    if (g.status === "failed") c.failed += g._count._all;
    else c.finished += g._count._all;
  }
  return counts;
}

function toBatch(row: BatchRow, counts: Counts): BatchRecord {
  return {
    batchID: row.id,
    endpoint: row.endpoint as BatchEndpoint,
    method: row.method as "POST" | "PUT",
    origin: row.origin,
    status: row.status as BatchStatus,
    totalCount: row.totalCount,
    finishedCount: counts.finished + counts.failed,
    errorsCount: counts.failed,
    createdAt: row.createdAt.toISOString(),
    ...(row.startedAt ? { startedAt: row.startedAt.toISOString() } : {}),
    ...(row.endedAt ? { endedAt: row.endedAt.toISOString() } : {}),
  };
}

/** The batch, if the credential may read batches of its endpoint; 404 for another brand's or none. */
async function readableBatch(auth: Principal, brandId: string, batchId: string): Promise<BatchRow> {
  const row = await db.batch.findFirst({ where: { id: batchId, brandId }, select: BATCH_COLUMNS });
  if (!row) throw new ApiProblem("not-found", `Batch ${batchId} does not exist`);
  requireScope(auth, BATCH_SCOPES[row.endpoint as BatchEndpoint].read);
  return row;
}

export async function getBatch(auth: Principal, brandId: string, batchId: string): Promise<BatchRecord> {
  const row = await readableBatch(auth, brandId, batchId);
  return toBatch(row, (await countsOf([row.id])).get(row.id)!);
}

function parsed(text: string | null): unknown {
  return text === null ? undefined : JSON.parse(text);
}

/** The batch with every item and its result (`responses`), and the failed ones (`errors`). */
export async function getBatchItems(auth: Principal, brandId: string, batchId: string): Promise<BatchRecord> {
  const row = await readableBatch(auth, brandId, batchId);
  const items = await db.batchItem.findMany({
    where: { batchId: row.id },
    orderBy: { position: "asc" },
    select: { id: true, status: true, request: true, responseCode: true, response: true },
  });
  const responses: BatchItemRecord[] = items.map((item) => ({
    itemID: item.id,
    status: item.status as BatchItemRecord["status"],
    request: JSON.parse(item.request),
    ...(item.responseCode !== null ? { responseCode: item.responseCode } : {}),
    ...(item.response !== null ? { response: parsed(item.response) } : {}),
  }));
  const failed = responses.filter((r) => r.status === "failed");
  const counts = { finished: responses.filter((r) => r.status === "finished").length, failed: failed.length };
  return { ...toBatch(row, counts), responses, errors: failed };
}

function dayStart(day: string, plusDays = 0): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date;
}

export async function listBatches(auth: Principal, brandId: string, query: ListBatchesQuery) {
  requireScope(auth, BATCH_SCOPES[query.endpoint].read);
  const createdAt = {
    ...(query.dateFrom ? { gte: dayStart(query.dateFrom) } : {}),
    ...(query.dateTo ? { lt: dayStart(query.dateTo, 1) } : {}),
  };
  const rows = await db.batch.findMany({
    where: {
      brandId,
      endpoint: query.endpoint,
      ...(query.status ? { status: query.status } : {}),
      ...(query.dateFrom || query.dateTo ? { createdAt } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: query.offset,
    take: query.limit + 1,
    select: BATCH_COLUMNS,
  });
  const page = rows.slice(0, query.limit);
  const counts = await countsOf(page.map((r) => r.id));
  return {
    batches: page.map((r) => toBatch(r, counts.get(r.id)!)),
    paging: offsetPaging("/api/batches", query, rows.length > query.limit),
  };
}
