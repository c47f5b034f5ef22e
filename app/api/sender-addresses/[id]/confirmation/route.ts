// POST /api/sender-addresses/{id}/confirmation: email the address a new confirmation link.
import { route } from "@/lib/api/route";
import { resendConfirmation, SenderAddressSchema } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { conflict, jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "sending.write",
      params: IdParams,
      summary: "Email the address a new confirmation link",
      description:
        "The links of earlier emails stop working. Counts against the brand's hourly budget of TEST_SEND_PER_HOUR test emails (429 beyond it).",
      tags: ["Sending"],
      responses: { "200": jsonContent(SenderAddressSchema, "The address"), ...notFound, ...conflict("The address is verified already") },
    },
    async ({ brandId, params }) => ok(await resendConfirmation(brandId, params.id)),
  ),
});
