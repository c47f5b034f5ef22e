// GET /api/batches/{batchID}: a batch's progress (counts, status, times).
import { route } from "@/lib/api/route";
import { getBatch } from "@/lib/batches/read-batches";
import { BatchParams } from "@/lib/batches/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: ["contacts.read", "events.read", "products.read"], params: BatchParams }, async ({ auth, brandId, params }) =>
    ok(await getBatch(auth, brandId, params.batchID)),
  ),
});
