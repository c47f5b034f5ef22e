// /api/batches: batches as published (create: committed, then processed by the worker; list by endpoint).
import { route } from "@/lib/api/route";
import { createBatch } from "@/lib/batches/create-batch";
import { listBatches } from "@/lib/batches/read-batches";
import { BATCH_SCOPES, CreateBatchRequest, ListBatchesQuery } from "@/lib/batches/schemas";
import { methods, requireScope } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";

const WRITE_SCOPES = ["contacts.write", "events.write", "products.write"] as const;
const READ_SCOPES = ["contacts.read", "events.read", "products.read"] as const;

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: READ_SCOPES, query: ListBatchesQuery }, async ({ auth, brandId, query }) =>
    ok(await listBatches(auth, brandId, query)),
  ),
  POST: route({ scope: WRITE_SCOPES, body: CreateBatchRequest }, async ({ auth, brandId, body }) => {
    requireScope(auth, BATCH_SCOPES[body.endpoint].write);
    return created(await createBatch(brandId, body));
  }),
});
