// GET /api/sending-domains, POST /api/sending-domains: the domains the brand sends from, and the DNS records each needs.
import { route } from "@/lib/api/route";
import { addDomain, listDomains, SendingDomainInput, SendingDomainList, SendingDomainSchema } from "@/lib/delivery/senders/senders";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { conflict, jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      summary: "List the brand's sending domains",
      tags: ["Sending"],
      responses: { "200": jsonContent(SendingDomainList, "Domains") },
    },
    async ({ brandId }) => ok(await listDomains(brandId)),
  ),
  POST: route(
    {
      scope: "sending.write",
      body: SendingDomainInput,
      summary: "Add a sending domain",
      description:
        "Inkwell generates a DKIM key for the domain and answers with the DNS records to publish: DKIM (required: it proves the domain is yours and lets receivers verify Inkwell's signatures), SPF and DMARC (recommended). Then POST /api/sending-domains/{id}/verify.",
      tags: ["Sending"],
      responses: {
        "201": jsonContent(SendingDomainSchema, "The domain and its records"),
        ...conflict("The domain is already one of the brand's"),
      },
    },
    async ({ brandId, body }) => created(await addDomain(brandId, body)),
  ),
});
