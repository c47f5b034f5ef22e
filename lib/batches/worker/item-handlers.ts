// What each kind of batch item does, through the same code as its single endpoint: the contact
// upsert (lib/contacts), the event acceptance path (lib/events/accept-event.ts, the inbox the events
// worker processes), the catalog writes (lib/products/write-catalog.ts). Each item is validated with its
// endpoint's schema; items that touch the same thing (a contact's identifiers, a product id) name it in
// `keys`, so they are applied in the order they were sent.
import { z } from "zod";
import { upsertContactIn } from "@/lib/contacts/upsert-contact";
import { ContactInput } from "@/lib/contacts/schemas";
import { normalizedIdentifiers } from "@/lib/contacts/write-contact";
import type { SqlRunner } from "@/lib/db/sql";
import { sqlReader } from "@/lib/db/sql";
import { acceptEvent } from "@/lib/events/accept-event";
import { EventInput } from "@/lib/events/schemas";
import { ApiProblem } from "@/lib/http/problems";
import { fieldErrorsFromZod } from "@/lib/http/zod-errors";
import { CreateCategoryRequest, ProductInput } from "@/lib/products/schemas";
import { insertCategory, insertProduct, replaceProduct, updateCategoryRow } from "@/lib/products/write-catalog";
import type { BatchEndpoint } from "../schemas";
import type { ClaimedBatch } from "./claim-batches";

/** An item's answer: what the single endpoint would have answered. */
export type Outcome = { code: number; response: unknown };

export type ItemWork =
  /** the effect runs in the item's write transaction, with its result */
  | { kind: "transaction"; keys: string[]; apply: (tx: SqlRunner, now: Date) => Promise<Outcome> }
  /** the effect commits on its own, idempotently (an event accepted under the item's id) */
  | { kind: "own-commit"; keys: string[]; apply: () => Promise<Outcome> };

export type BatchItemRow = { id: string; batchId: string; position: number; request: string };

function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsFromZod(result.error.issues);
  throw new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
}

function contactItem(batch: ClaimedBatch, body: unknown): ItemWork {
  const input = validate(ContactInput, body);
  return {
    kind: "transaction",
    keys: normalizedIdentifiers(input).map((i) => `${i.type}:${i.value}`),
    apply: async (tx) => {
      const { contactId, created } = await upsertContactIn(tx, batch.brandId, input, { source: "batch" });
      return { code: created ? 201 : 200, response: { contactID: contactId } };
    },
  };
}

async function inInbox(id: string): Promise<boolean> {
  return (await sqlReader().all(`SELECT 1 AS "found" FROM "EventInbox" WHERE "id" = ?`, [id])).length > 0;
}

function eventItem(batch: ClaimedBatch, body: unknown, item: BatchItemRow): ItemWork {
  // An event without its own origin takes the batch's.
  const withOrigin =
    body && typeof body === "object" && !Array.isArray(body) && !("origin" in body) ? { origin: batch.origin, ...body } : body;
  const event = validate(EventInput, withOrigin);
  return {
    kind: "own-commit",
    keys: [],
    apply: async () => {
      // Accepted under the item's id: after a crash between the acceptance and the item's result, the
      // next attempt finds it in the inbox instead of accepting it twice.
      if (batch.attempts === 1 || !(await inInbox(item.id))) await acceptEvent(batch.brandId, event, { noOrigin: false, id: item.id });
      return { code: 202, response: { id: item.id, status: "accepted" } };
    },
  };
}

function productItem(batch: ClaimedBatch, body: unknown): ItemWork {
  const input = validate(ProductInput, body);
  const replace = batch.method === "PUT";
  return {
    kind: "transaction",
    keys: [`product:${input.id}`],
    apply: async (tx, now) => {
      await (replace ? replaceProduct : insertProduct)(tx, batch.brandId, input, now);
      return { code: replace ? 200 : 201, response: { id: input.id } };
    },
  };
}

function categoryItem(batch: ClaimedBatch, body: unknown): ItemWork {
  const input = validate(CreateCategoryRequest, body);
  const rename = batch.method === "PUT";
  return {
    kind: "transaction",
    keys: [`category:${input.categoryID}`],
    apply: async (tx, now) => {
      if (rename) await updateCategoryRow(tx, batch.brandId, input.categoryID, { title: input.title }, now);
      else await insertCategory(tx, batch.brandId, input, now);
      return { code: rename ? 200 : 201, response: { categoryID: input.categoryID } };
    },
  };
}

const HANDLERS: Record<BatchEndpoint, (batch: ClaimedBatch, body: unknown, item: BatchItemRow) => ItemWork> = {
  contacts: contactItem,
  events: eventItem,
  products: productItem,
  categories: categoryItem,
};

/** The item's work; throws the 400 problem of an invalid item. */
export function itemWork(batch: ClaimedBatch, item: BatchItemRow): ItemWork {
  return HANDLERS[batch.endpoint](batch, JSON.parse(item.request), item);
}
