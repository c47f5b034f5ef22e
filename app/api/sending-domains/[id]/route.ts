// GET /api/sending-domains/{id}, PATCH /api/sending-domains/{id} (its return-path domain), DELETE /api/sending-domains/{id}.
import { route } from "@/lib/api/route";
import { deleteDomain, getDomain, SendingDomainSchema, SendingDomainUpdate, updateDomain } from "@/lib/delivery/senders/senders";
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
  PATCH: route(
    {
      scope: "sending.write",
      params: IdParams,
      body: SendingDomainUpdate,
      summary: "Set a sending domain's return-path domain",
      description:
        "The envelope sender of mail from this domain becomes a signed address on the return-path domain (a subdomain of it, so SPF aligns), whose mail (bounces, complaints, mailto unsubscribes) Inkwell reads; null returns to RETURN_PATH_DOMAIN. Taken into account within 30 seconds.",
      tags: ["Sending"],
      responses: { "200": jsonContent(SendingDomainSchema, "The domain"), ...notFound },
    },
    async ({ brandId, params, body }) => ok(await updateDomain(brandId, params.id, body)),
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
