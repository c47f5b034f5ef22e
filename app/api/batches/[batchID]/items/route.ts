// GET /api/batches/{batchID}/items: the batch with each item's result (responses) and the failures (errors).
import { route } from "@/lib/api/route";
import { getBatchItems } from "@/lib/batches/read-batches";
import { BatchParams, BATCH_READ_SCOPES_NOTE, BatchSchema } from "@/lib/batches/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: ["contacts.read", "events.read", "products.read"],
      params: BatchParams,
      summary: "Get a batch's items and their results",
      description: BATCH_READ_SCOPES_NOTE,
      tags: ["Batches"],
      responses: { "200": jsonContent(BatchSchema, "The batch with `responses` (every item) and `errors` (the failed ones)"), ...notFound },
    },
    async ({ auth, brandId, params }) => ok(await getBatchItems(auth, brandId, params.batchID)),
  ),
});
