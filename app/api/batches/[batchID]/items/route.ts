// GET /api/batches/{batchID}/items: the batch with each item's result (responses) and the failures (errors).
import { route } from "@/lib/api/route";
import { getBatchItems } from "@/lib/batches/read-batches";
import { BatchParams } from "@/lib/batches/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: ["contacts.read", "events.read", "products.read"], params: BatchParams }, async ({ auth, brandId, params }) =>
    ok(await getBatchItems(auth, brandId, params.batchID)),
  ),
});
