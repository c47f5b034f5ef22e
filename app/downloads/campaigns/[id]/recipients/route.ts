// GET /downloads/campaigns/{id}/recipients?outcome=: the report's "Export to CSV" link, for a signed-in
// person following it (lib/api/download.ts): the same file as GET /api/campaigns/{id}/recipients/export.
import { csvFile, download } from "@/lib/api/download";
import { recipientsCsv } from "@/lib/campaigns/report";
import { RecipientsExportQuery } from "@/lib/campaigns/report-schemas";
import { IdParams } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const GET = download({ params: IdParams, query: RecipientsExportQuery }, async ({ brandId, params, query }) =>
  csvFile(await recipientsCsv(brandId, params.id, query.outcome), `campaign-${params.id}-recipients.csv`),
);
