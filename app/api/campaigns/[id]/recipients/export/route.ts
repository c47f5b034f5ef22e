// GET /api/campaigns/{id}/recipients/export: Inkwell extra, the recipients table (optionally one outcome) as CSV, streamed.
// The dashboard links to the same file at /downloads/campaigns/{id}/recipients (session cookie, no API headers).
import { csvFile } from "@/lib/api/download";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { recipientsCsv } from "@/lib/campaigns/report";
import { OUTCOMES, RecipientsExportQuery } from "@/lib/campaigns/report-schemas";
import { notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "campaigns.read",
      params: IdParams,
      query: RecipientsExportQuery,
      summary: "A campaign's recipients as CSV (Inkwell extra)",
      description: `Columns: email, contactID, part, status, reason, sentAt, openedAt, clickedAt, messageID. Optional outcome filter: ${OUTCOMES.join(", ")}.`,
      tags: ["Campaigns"],
      responses: { "200": { description: "CSV, streamed", content: { "text/csv": { schema: { type: "string" } } } }, ...notFound },
    },
    // The campaign is looked up before the 200 is sent (a stream cannot turn into a 404 later).
    async ({ brandId, params, query }) =>
      csvFile(await recipientsCsv(brandId, params.id, query.outcome), `campaign-${params.id}-recipients.csv`),
  ),
});
