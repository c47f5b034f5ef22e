// CSV import, one batch at a time (POST /api/contacts/imports): the dashboard parses and maps the file
// in the browser and sends the rows in batches of up to 500 with their row numbers; each batch is
// validated row by row (every invalid row is rejected with all its field errors, the rest go ahead) and
// upserted in one write transaction (the same rules as POST /api/contacts: matched by email, else
// phone), so the import moves at batch speed and its progress is the batches done.
import { z } from "zod";
import { writeTransaction } from "@/lib/db/sql";
import type { FieldError } from "@/lib/http/problems";
import { ApiProblem } from "@/lib/http/problems";
import { fieldErrorsFromZod } from "@/lib/http/zod-errors";
import { ContactInput } from "./schemas";
import { assertIdentifiersFree, identifierOwners, normalizedIdentifiers, withIdentifierRetry, writeContact } from "./write-contact";

export const IMPORT_BATCH = 500;

export const ImportBatch = z
  .strictObject({
    rows: z
      .array(
        z.strictObject({
          row: z.number().int().min(1).meta({ description: "The row's number in the file (for the rejected-rows report)" }),
          contact: z.unknown().meta({ description: "A contact as POST /api/contacts takes it" }),
        }),
      )
      .min(1)
      .max(IMPORT_BATCH),
  })
  .meta({ id: "ContactImportBatch" });
export type ImportBatch = z.infer<typeof ImportBatch>;

const Rejected = z.object({
  row: z.number().int(),
  errors: z.array(z.object({ field: z.string(), pointer: z.string(), code: z.string(), message: z.string() })),
});
export const ImportBatchResult = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    rejected: z.array(Rejected).meta({ description: "Rows not imported, each with every reason" }),
  })
  .meta({ id: "ContactImportBatchResult" });
export type ImportBatchResult = z.infer<typeof ImportBatchResult>;

export async function importBatch(brandId: string, batch: ImportBatch, source: string): Promise<ImportBatchResult> {
  const rejected: { row: number; errors: FieldError[] }[] = [];
  const valid: { row: number; input: ContactInput }[] = [];
  for (const { row, contact } of batch.rows) {
    const parsed = ContactInput.safeParse(contact);
    if (parsed.success) valid.push({ row, input: parsed.data });
    else rejected.push({ row, errors: fieldErrorsFromZod(parsed.error.issues) });
  }
  const counts = await withIdentifierRetry(() =>
    writeTransaction(async (tx) => {
      let created = 0;
      let updated = 0;
      const conflicts: typeof rejected = [];
      const ctx = { brandId, source, now: new Date() };
      for (const { row, input } of valid) {
        const identifiers = normalizedIdentifiers(input);
        const owners = await identifierOwners(tx, brandId, identifiers);
        const ownerOf = (type: "email" | "phone") =>
          identifiers
            .filter((i) => i.type === type)
            .map((i) => owners.get(`${type}:${i.value}`))
            .find((id) => id !== undefined);
        const match = ownerOf("email") ?? ownerOf("phone") ?? null;
        try {
          assertIdentifiersFree(identifiers, owners, match);
        } catch (error) {
          if (!(error instanceof ApiProblem)) throw error;
          conflicts.push({
            row,
            errors: error.extra.errors?.length
              ? error.extra.errors
              : [{ field: "identifiers", pointer: "/identifiers", code: "identifier_taken", message: error.detail }],
          });
          continue;
        }
        await writeContact(tx, match, input, ctx);
        if (match) updated++;
        else created++;
      }
      return { created, updated, conflicts };
    }),
  );
  return { created: counts.created, updated: counts.updated, rejected: [...rejected, ...counts.conflicts].sort((a, b) => a.row - b.row) };
}
