// GET /api/sender-addresses/{id}, DELETE /api/sender-addresses/{id}.
import { route } from "@/lib/api/route";
import { deleteAddress, getAddress, SenderAddressSchema } from "@/lib/delivery/senders/senders";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      params: IdParams,
      summary: "One sender address",
      tags: ["Sending"],
      responses: { "200": jsonContent(SenderAddressSchema, "The address"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getAddress(brandId, params.id)),
  ),
  DELETE: route(
    {
      scope: "sending.write",
      params: IdParams,
      summary: "Remove a sender address",
      tags: ["Sending"],
      responses: { "204": { description: "Removed" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteAddress(brandId, params.id);
      return noContent();
    },
  ),
});
