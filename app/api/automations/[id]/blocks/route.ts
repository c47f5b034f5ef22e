// PUT /api/automations/{id}/blocks: replace the block tree (id updates, temporaryID creates, left out deletes).
import { route } from "@/lib/api/route";
import { AutomationParams, AutomationSchema, PutBlocksRequest } from "@/lib/automations/schemas";
import { putBlocks } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { conflict, jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route(
    {
      scope: "automations.write",
      params: AutomationParams,
      body: PutBlocksRequest,
      summary: "Replace automation workflow blocks",
      description:
        "Entries with id update that block, entries with temporaryID create one (templateID required for a new email block), blocks left out are deleted. 409 while enabled.",
      tags: ["Automations"],
      responses: {
        "200": jsonContent(AutomationSchema, "The changed workflow"),
        ...notFound,
        ...conflict("The automation is enabled: disable it, change it, enable it again (automation-enabled)"),
      },
    },
    async ({ brandId, auth, params, body }) => ok(await putBlocks(brandId, params.id, body, auth)),
  ),
});
