// GET /api/sending-domains, POST /api/sending-domains: the domains the brand sends from, and the DNS records each needs.
import { route } from "@/lib/api/route";
import { addDomain, listDomains, SendingDomainInput } from "@/lib/delivery/senders/senders";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "sending.read" }, async ({ brandId }) => ok(await listDomains(brandId))),
  POST: route({ scope: "sending.write", body: SendingDomainInput }, async ({ brandId, body }) => created(await addDomain(brandId, body))),
});
