// GET /api/batches/{batchID}: a batch's progress (counts, status, times).
import { route } from "@/lib/api/route";
import { getBatch } from "@/lib/batches/read-batches";
import { BatchParams, BATCH_READ_SCOPES_NOTE, BatchSchema } from "@/lib/batches/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: ["contacts.read", "events.read", "products.read"],
      params: BatchParams,
      summary: "Get a batch's progress",
      description: BATCH_READ_SCOPES_NOTE,
      tags: ["Batches"],
      responses: { "200": jsonContent(BatchSchema, "The batch"), ...notFound },
    },
    async ({ auth, brandId, params }) => ok(await getBatch(auth, brandId, params.batchID)),
  ),
});
