// GET /api/inbound-mail: the brand's mail that came back (replies, auto-replies, bounces, complaints), newest first.
import { route } from "@/lib/api/route";
import { InboundMailList, ListInboundQuery, listInboundMail } from "@/lib/inbound/list-inbound";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      query: ListInboundQuery,
      summary: "List the mail that came back to the brand's messages, newest first",
      description:
        "Mail received on the return-path domain (RETURN_PATH_DOMAIN) that answered one of the brand's messages: bounce notices, complaint reports, mailto unsubscribes, auto-replies and replies a person wrote (outcome=reply: the Replies view). Text only: HTML a sender wrote is never returned.",
      tags: ["Sending"],
      responses: { "200": jsonContent(InboundMailList, "A page of received mail") },
    },
    async ({ brandId, query }) => ok(await listInboundMail(brandId, query)),
  ),
});
