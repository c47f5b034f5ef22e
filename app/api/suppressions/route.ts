// GET /api/suppressions, POST /api/suppressions: addresses the brand never mails.
import { route } from "@/lib/api/route";
import {
  addSuppression,
  listSuppressions,
  ListSuppressionsQuery,
  SuppressionInput,
  SuppressionList,
  SuppressionSchema,
} from "@/lib/delivery/suppressions";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "sending.read",
      query: ListSuppressionsQuery,
      summary: "List the suppression list, newest first",
      description:
        "Addresses the brand never mails: hard bounces, spam complaints, erased contacts' addresses (kept as a hash, shown without the address) and addresses added here.",
      tags: ["Sending"],
      responses: { "200": jsonContent(SuppressionList, "A page of suppressions") },
    },
    async ({ brandId, query }) => ok(await listSuppressions(brandId, query)),
  ),
  POST: route(
    {
      scope: "sending.write",
      body: SuppressionInput,
      summary: "Suppress an address",
      tags: ["Sending"],
      responses: {
        "201": jsonContent(SuppressionSchema, "Suppressed"),
        "200": jsonContent(SuppressionSchema, "The address was suppressed already"),
      },
    },
    async ({ brandId, body }) => {
      const { created: isNew, suppression } = await addSuppression(brandId, body);
      return isNew ? created(suppression) : ok(suppression);
    },
  ),
});
