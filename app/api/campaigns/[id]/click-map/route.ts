// GET /api/campaigns/{id}/click-map: Inkwell extra, the email with each link's clicks on it.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { clickMap } from "@/lib/campaigns/report";

const ClickMapQuery = z.strictObject({ variant: z.enum(["a", "b"]).optional() });
import { jsonContent, notFound } from "@/lib/openapi/common";
import { ClickMapSchema } from "@/lib/campaigns/report-schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      params: IdParams,
      query: ClickMapQuery,
      summary: "The email with each link's clicks on it (Inkwell extra)",
      tags: ["Campaigns"],
      responses: { "200": jsonContent(ClickMapSchema, "The marked-up email and the clicks per link"), ...notFound },
    },
    async ({ brandId, params, query }) => ok(await clickMap(brandId, params.id, query.variant)),
  ),
});
