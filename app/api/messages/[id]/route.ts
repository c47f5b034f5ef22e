// GET /api/messages/{id}: one email, with its body as sent while the outbox keeps it.
import { route } from "@/lib/api/route";
import { getMessage } from "@/lib/delivery";
import { MessageDetail } from "@/lib/delivery/schemas";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      params: IdParams,
      summary: "One email, with its body as sent while the outbox keeps it",
      tags: ["Sending"],
      responses: { "200": jsonContent(MessageDetail, "The message"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getMessage(brandId, params.id)),
  ),
});
