// /api/contacts/export: a filtered view (or a selection) as CSV, streamed.
import { ContactExportQuery, exportContacts } from "@/lib/contacts/export-contacts";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { getSegmentGroups } from "@/lib/segments/get-segment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", query: ContactExportQuery }, async ({ brandId, query }) => {
    // Validate the segment before the 200 is sent (a stream cannot turn into a 404 later).
    if (query.segmentID && query.ids === undefined) await getSegmentGroups(brandId, query.segmentID);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(exportContacts(brandId, query), {
      status: 200,
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="contacts-${day}.csv"`, "Cache-Control": "no-store" },
    });
  }),
});
