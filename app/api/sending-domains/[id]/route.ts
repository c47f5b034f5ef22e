// GET /api/sending-domains/{id}, DELETE /api/sending-domains/{id}.
import { route } from "@/lib/api/route";
import { deleteDomain, getDomain, SendingDomainSchema } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      params: IdParams,
      summary: "One sending domain and its DNS records",
      tags: ["Sending"],
      responses: { "200": jsonContent(SendingDomainSchema, "The domain"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getDomain(brandId, params.id)),
  ),
  DELETE: route(
    {
      scope: "sending.write",
      params: IdParams,
      summary: "Remove a sending domain",
      description: "Its addresses stop being verified senders, unless they were verified on their own.",
      tags: ["Sending"],
      responses: { "204": { description: "Removed" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteDomain(brandId, params.id);
      return noContent();
    },
  ),
});
