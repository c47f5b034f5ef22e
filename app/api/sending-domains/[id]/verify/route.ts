// POST /api/sending-domains/{id}/verify: look the domain's DNS records up now.
import { route } from "@/lib/api/route";
import { checkSendingDomain, SendingDomainSchema } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "sending.write",
      params: IdParams,
      summary: "Check the domain's DNS records now",
      description: "The domain is verified while its DKIM record carries Inkwell's key; each record's status says what was found.",
      tags: ["Sending"],
      responses: { "200": jsonContent(SendingDomainSchema, "The domain, checked"), ...notFound },
    },
    async ({ brandId, params }) => ok(await checkSendingDomain(brandId, params.id)),
  ),
});
