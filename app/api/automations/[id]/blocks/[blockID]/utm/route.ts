// /api/automations/{id}/blocks/{blockID}/utm: an email block's UTM tags (defaults filled in).
import { route } from "@/lib/api/route";
import { BlockParams, UpdateUTMRequest, UTMResponse } from "@/lib/automations/schemas";
import { getBlockUtm, putBlockUtm } from "@/lib/automations/write-automation";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.read",
      params: BlockParams,
      summary: "Get UTM tags for an automation block",
      tags: ["Automations"],
      responses: { "200": jsonContent(UTMResponse, "The tags, defaults filled in"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getBlockUtm(brandId, params.id, params.blockID)),
  ),
  PUT: route(
    {
      scope: "automations.write",
      params: BlockParams,
      body: UpdateUTMRequest,
      summary: "Update UTM tags for an automation block",
      description:
        'All three tags are replaced; "" resets one to its default (source inkwell, medium email, campaign "automation: <name> (<id>)").',
      tags: ["Automations"],
      responses: { "200": jsonContent(UTMResponse, "The tags, defaults filled in"), ...notFound },
    },
    async ({ brandId, auth, params, body }) => ok(await putBlockUtm(brandId, params.id, params.blockID, body.tags, auth)),
  ),
});
