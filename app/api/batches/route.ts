// /api/batches: batches as published (create: committed, then processed by the worker; list by endpoint).
import { route } from "@/lib/api/route";
import { createBatch } from "@/lib/batches/create-batch";
import { listBatches } from "@/lib/batches/read-batches";
import {
  BATCH_SCOPES,
  CreateBatchRequest,
  ListBatchesQuery,
  BATCH_READ_SCOPES_NOTE,
  ListBatchesResponse,
  CreateBatchResponse,
} from "@/lib/batches/schemas";
import { methods, requireScope } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

const WRITE_SCOPES = ["contacts.write", "events.write", "products.write"] as const;
const READ_SCOPES = ["contacts.read", "events.read", "products.read"] as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: READ_SCOPES,
      query: ListBatchesQuery,
      summary: "List batches of an endpoint",
      description: `Newest first, offset pages (\`offset\`, \`limit\` 1-250, default 100); filters status and dateFrom/dateTo (UTC days). ${BATCH_READ_SCOPES_NOTE}`,
      tags: ["Batches"],
      responses: { "200": jsonContent(ListBatchesResponse, "A page of batches") },
    },
    async ({ auth, brandId, query }) => ok(await listBatches(auth, brandId, query)),
  ),
  POST: route(
    {
      scope: WRITE_SCOPES,
      body: CreateBatchRequest,
      summary: "Create a batch",
      description:
        "Up to 100 items of one endpoint, committed (as durably as an accepted event) before the 201, then processed asynchronously by the worker, each item with its own result (GET /api/batches/{batchID}/items). " +
        "An item's effect and its result are committed together, so an item is processed exactly once, also across a crash. Items that touch the same contact or product are applied in the order sent. " +
        "Scopes: contacts.write, events.write or products.write (products and categories), by endpoint. Before sending a batch of events, make sure no automation would message customers about imported history.",
      tags: ["Batches"],
      responses: { "201": jsonContent(CreateBatchResponse, "Stored; processed asynchronously") },
    },
    async ({ auth, brandId, body }) => {
      requireScope(auth, BATCH_SCOPES[body.endpoint].write);
      return created(await createBatch(brandId, body));
    },
  ),
});
