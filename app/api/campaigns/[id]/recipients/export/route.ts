// GET /api/campaigns/{id}/recipients/export: Inkwell extra, the recipients table (optionally one outcome) as CSV, streamed.
import { z } from "zod";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { recipientsCsv } from "@/lib/campaigns/report";
import { OUTCOMES } from "@/lib/campaigns/report-schemas";

const ExportQuery = z.strictObject({ outcome: z.enum(OUTCOMES).optional() });
import { notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      params: IdParams,
      query: ExportQuery,
      summary: "A campaign's recipients as CSV (Inkwell extra)",
      description: `Columns: email, contactID, part, status, reason, sentAt, openedAt, clickedAt, messageID. Optional outcome filter: ${OUTCOMES.join(", ")}.`,
      tags: ["Campaigns"],
      responses: { "200": { description: "CSV, streamed", content: { "text/csv": { schema: { type: "string" } } } }, ...notFound },
    },
    async ({ brandId, params, query }) => {
      // The campaign is looked up before the 200 is sent (a stream cannot turn into a 404 later).
      const stream = await recipientsCsv(brandId, params.id, query.outcome);
      return new Response(stream, {
        status: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="campaign-${params.id}-recipients.csv"`,
          "Cache-Control": "no-store",
        },
      });
    },
  ),
});
