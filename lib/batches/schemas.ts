// The shapes of the published Batches API (2026-03-15): one zod schema per shape is the validator,
// the type and the OpenAPI description. Items are validated one by one when processed (each gets its
// own result), with the validator of the endpoint they belong to.
import { z } from "zod";
import { offsetPagingQuery, OffsetPagingSchema } from "@/lib/http/offset-paging";
import type { Scope } from "@/lib/http/scopes";

export const BATCH_ENDPOINTS = ["products", "contacts", "events", "categories"] as const;
export type BatchEndpoint = (typeof BATCH_ENDPOINTS)[number];
export const BATCH_STATUSES = ["pending", "inProgress", "finished", "stopped"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const MAX_BATCH_ITEMS = 100;

/** The scopes a batch of an endpoint needs: to create it, and to read it and its results. */
export const BATCH_SCOPES: Record<BatchEndpoint, { write: Scope; read: Scope }> = {
  contacts: { write: "contacts.write", read: "contacts.read" },
  events: { write: "events.write", read: "events.read" },
  products: { write: "products.write", read: "products.read" },
  categories: { write: "products.write", read: "products.read" },
};

export const CreateBatchRequest = z
  .strictObject({
    endpoint: z.enum(BATCH_ENDPOINTS).meta({ description: "What the items are: contacts (upserts), events, products or categories" }),
    method: z.enum(["POST", "PUT"]).meta({
      description:
        "POST creates (contacts: upsert; events: accept; products and categories: create, 409 per item when the id exists); PUT replaces products and renames categories (404 per item when missing), and upserts contacts. Events take POST only.",
    }),
    items: z
      .array(z.unknown())
      .min(1)
      .max(MAX_BATCH_ITEMS)
      .meta({
        description: `1-${MAX_BATCH_ITEMS} items, each the body the single endpoint takes (POST /api/contacts, /api/events, /api/products, /api/product-categories); each is validated and answered on its own`,
      }),
    origin: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "Who sent the batch (default api); events without their own origin take it", example: "api" }),
  })
  .refine((batch) => !(batch.endpoint === "events" && batch.method === "PUT"), {
    path: ["method"],
    message: "events batches take POST",
    params: { code: "invalid_value" },
  })
  .meta({ id: "CreateBatchRequest" });
export type CreateBatchRequest = z.infer<typeof CreateBatchRequest>;

export const CreateBatchResponse = z.object({ batchID: z.string(), totalCount: z.number().int() }).meta({ id: "CreateBatchResponse" });

export const BatchItemSchema = z
  .object({
    itemID: z.string().meta({ example: "5f92cbf10cf217478ba93561" }),
    status: z
      .enum(["pending", "finished", "failed"])
      .meta({ description: "finished: done (2xx); failed: see responseCode and response (a problem)" }),
    request: z.unknown().meta({ description: "The item as sent" }),
    responseCode: z.number().int().optional().meta({ description: "The status the single endpoint would have answered", example: 201 }),
    response: z.unknown().optional().meta({ description: "What it would have answered: e.g. {contactID}, {id}, or an RFC 9457 problem" }),
  })
  .meta({ id: "BatchItem" });
export type BatchItemRecord = z.infer<typeof BatchItemSchema>;

export const BatchSchema = z
  .object({
    batchID: z.string(),
    endpoint: z.enum(BATCH_ENDPOINTS),
    method: z.enum(["POST", "PUT"]),
    origin: z.string(),
    status: z.enum(BATCH_STATUSES).meta({ description: "pending (waiting), inProgress, finished (every item has its result), stopped" }),
    totalCount: z.number().int(),
    finishedCount: z.number().int().meta({ description: "Items processed, successfully or not" }),
    errorsCount: z.number().int().meta({ description: "Items that failed" }),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().optional(),
    endedAt: z.iso.datetime().optional(),
    responses: z
      .array(BatchItemSchema)
      .optional()
      .meta({ description: "GET .../items: every item, in the order sent, with its result once processed" }),
    errors: z.array(BatchItemSchema).optional().meta({ description: "GET .../items: the items that failed" }),
  })
  .meta({ id: "Batch" });
export type BatchRecord = z.infer<typeof BatchSchema>;

export const BatchParams = z.object({ batchID: z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character lowercase hexadecimal id") });

const day = z.iso.date({ message: "must be a date, yyyy-mm-dd" });

export const ListBatchesQuery = z.strictObject({
  ...offsetPagingQuery,
  endpoint: z.enum(BATCH_ENDPOINTS).meta({ description: "Required: the batches of this endpoint" }),
  status: z.enum(BATCH_STATUSES).optional(),
  dateFrom: day.optional().meta({ description: "Batches created on or after this day (UTC), yyyy-mm-dd" }),
  dateTo: day.optional().meta({ description: "Batches created on or before this day (UTC), yyyy-mm-dd" }),
});
export type ListBatchesQuery = z.infer<typeof ListBatchesQuery>;

export const ListBatchesResponse = z
  .object({ batches: z.array(BatchSchema), paging: OffsetPagingSchema })
  .meta({ id: "ListBatchesResponse" });

/** Which scope reading a batch needs, for the operations' descriptions. */
export const BATCH_READ_SCOPES_NOTE =
  "Reading a batch needs the read scope of its endpoint: contacts.read, events.read, or products.read (products and categories).";
