// /api/contacts/imports: one batch of a CSV import (rows validated one by one, the valid ones upserted).
import { ImportBatch, importBatch, ImportBatchResult } from "@/lib/contacts/import-contacts";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "contacts.write",
      body: ImportBatch,
      summary: "Import one batch of contacts (up to 500 rows of a CSV file, mapped by the dashboard)",
      description:
        "Each row is validated as POST /api/contacts takes it; invalid rows (and rows whose identifiers belong to two contacts) are rejected with every reason, the others are upserted in one transaction.",
      tags: ["Contacts"],
      responses: { "200": jsonContent(ImportBatchResult, "Rows created, updated and rejected") },
    },
    async ({ brandId, body, auth }) => ok(await importBatch(brandId, body, `import:${auth.kind}`)),
  ),
});
