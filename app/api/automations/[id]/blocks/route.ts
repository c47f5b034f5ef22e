// PUT /api/automations/{id}/blocks: replace the block tree (id updates, temporaryID creates, left out deletes).
import { route } from "@/lib/api/route";
import { AutomationParams, PutBlocksRequest } from "@/lib/automations/schemas";
import { putBlocks } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({ scope: "automations.write", params: AutomationParams, body: PutBlocksRequest }, async ({ brandId, params, body }) =>
    ok(await putBlocks(brandId, params.id, body)),
  ),
});
