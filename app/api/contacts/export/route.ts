// /api/contacts/export: a filtered view (or a selection) as CSV, streamed. GET takes the filters (or up
// to 1,000 ids) in the query; POST takes them in a JSON body, where a selection may hold 25,000 ids.
import {
  ContactExportBody,
  ContactExportQuery,
  exportContacts,
  exportSelection,
  type ExportSelection,
} from "@/lib/contacts/export-contacts";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { getSegmentGroups } from "@/lib/segments/get-segment";

async function csvResponse(brandId: string, selection: ExportSelection): Promise<Response> {
  // Validate the segment before the 200 is sent (a stream cannot turn into a 404 later).
  if (selection.segmentID && selection.ids === undefined) await getSegmentGroups(brandId, selection.segmentID);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportContacts(brandId, selection), {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contacts-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", query: ContactExportQuery }, async ({ brandId, query }) =>
    csvResponse(brandId, exportSelection(query)),
  ),
  POST: route({ scope: "contacts.read", body: ContactExportBody }, async ({ brandId, body }) => csvResponse(brandId, body)),
});
