// GET /api/me: the brand and credential behind this request.
import { describeCaller } from "@/lib/brands/get-me";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";
import { MeSchema } from "@/lib/brands/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: null,
      summary: "The brand and credential behind this request",
      tags: ["Account"],
      responses: { "200": jsonContent(MeSchema, "The caller") },
    },
    async ({ auth }) => ok(await describeCaller(auth)),
  ),
});
