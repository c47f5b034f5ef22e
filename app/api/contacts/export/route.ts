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
import { notFound } from "@/lib/openapi/common";

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
  GET: route(
    {
      scope: "contacts.read",
      query: ContactExportQuery,
      summary: "Export a filtered view of contacts, or a selection, as CSV (streamed)",
      description:
        "The same filters as /api/contacts/search, or `ids`. Columns: id, email, phone, names, statuses, tags (;-separated), profile fields, customProperties (JSON), createdAt, updatedAt. Cells starting with = + - @ are escaped.",
      tags: ["Contacts"],
      responses: { "200": { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } }, ...notFound },
    },
    async ({ brandId, query }) => csvResponse(brandId, exportSelection(query)),
  ),
  POST: route(
    {
      scope: "contacts.read",
      body: ContactExportBody,
      summary: "Export a filtered view of contacts, or a selection of up to 25,000 ids, as CSV (streamed)",
      description: "As GET, with the filters or the `ids` array in a JSON body (a selection too long for a query string).",
      tags: ["Contacts"],
      responses: { "200": { description: "CSV", content: { "text/csv": { schema: { type: "string" } } } }, ...notFound },
    },
    async ({ brandId, body }) => csvResponse(brandId, body),
  ),
});
