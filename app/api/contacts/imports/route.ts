// /api/contacts/imports: one batch of a CSV import (rows validated one by one, the valid ones upserted).
import { ImportBatch, importBatch } from "@/lib/contacts/import-contacts";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "contacts.write", body: ImportBatch }, async ({ brandId, body, auth }) =>
    ok(await importBatch(brandId, body, `import:${auth.kind}`)),
  ),
});
