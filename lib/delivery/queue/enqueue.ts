// enqueueMessages (docs/delivery.md "The interface"): a send's recipients are read in chunks; each chunk
// costs one read of the contacts' states and one write transaction, which inserts a message per
// recipient (queued, or skipped / suppressed with its reason) and adds to the source's counters. The
// idempotency key (brand, source, recipient key) makes a repeated call create nothing new.
import { z } from "zod";
import { sqlReader, writeTransaction, type SqlRunner } from "@/lib/db/sql";
import { ApiProblem } from "@/lib/http/problems";
import { fieldErrorsFromZod } from "@/lib/http/zod-errors";
import { isId, newId } from "@/lib/ids";
import { createContent, type Content } from "../content";
import { CounterBatch, reasonLabel } from "../counters";
import { decide, recipientStates } from "../eligibility";
import {
  MessageContentInput,
  Source,
  type MessageMode,
  type EnqueueRequest,
  type EnqueueResult,
  type MessageRecipient,
  type MessageStatus,
  type RecipientResult,
} from "../schemas";
import { wakeDeliveryWorker } from "./wake";

const CHUNK = 500;
const MAX_RESULTS = 100;
const MAX_DATA_BYTES = 64 * 1024;
const Part = z.string().max(100);

export type MessageRow = {
  id: string;
  brandId: string;
  contentId: string;
  sourceKind: string;
  sourceId: string;
  part: string;
  recipientKey: string;
  contactId: string | null;
  email: string | null;
  mode: MessageMode;
  status: MessageStatus;
  reason: string | null;
  priority: number;
  data: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  claimedBy?: string | null;
};

const COLUMNS = `"id", "brandId", "contentId", "sourceKind", "sourceId", "part", "recipientKey", "contactId", "email", "mode", "status",
  "reason", "priority", "data", "attempts", "nextAttemptAt", "claimedBy", "createdAt", "opens", "clicks"`;
const ROW = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?int, ?, 0, ?ts, ?, ?ts, 0, 0)";

/** Inserts messages, skipping those whose key exists already; the rows inserted. */
export async function insertMessages(tx: SqlRunner, rows: MessageRow[]): Promise<{ id: string; recipientKey: string }[]> {
  if (rows.length === 0) return [];
  return tx.all<{ id: string; recipientKey: string }>(
    `INSERT INTO "Message" (${COLUMNS}) VALUES ${rows.map(() => ROW).join(", ")}
     ON CONFLICT ("brandId", "sourceKind", "sourceId", "recipientKey") DO NOTHING RETURNING "id", "recipientKey"`,
    rows.flatMap((r) => [
      r.id,
      r.brandId,
      r.contentId,
      r.sourceKind,
      r.sourceId,
      r.part,
      r.recipientKey,
      r.contactId,
      r.email,
      r.mode,
      r.status,
      r.reason,
      r.priority,
      r.data,
      r.nextAttemptAt,
      r.claimedBy ?? null,
      r.createdAt,
    ]),
  );
}

function invalid(message: string, pointer: string): ApiProblem {
  return new ApiProblem("validation-failed", message, {
    errors: [{ field: pointer.replace(/^\//, "").replace(/\/\d+/g, "").replace(/\//g, "."), pointer, code: "invalid", message }],
  });
}

function validated<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsFromZod(result.error.issues).map((e) => ({
    ...e,
    field: `${prefix}.${e.field}`,
    pointer: `/${prefix}${e.pointer}`,
  }));
  throw new ApiProblem("validation-failed", `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`, { errors });
}

function checkRecipient(r: MessageRecipient, index: number): { key: string; data: string | null } {
  if (!r || typeof r.contactId !== "string" || !isId(r.contactId))
    throw invalid("contactId must be a contact id", `/recipients/${index}/contactId`);
  const key = r.key ?? r.contactId;
  if (typeof key !== "string" || key.length < 1 || key.length > 200)
    throw invalid("key must be 1-200 characters", `/recipients/${index}/key`);
  const data = r.data ? JSON.stringify(r.data) : null;
  if (data && Buffer.byteLength(data) > MAX_DATA_BYTES) throw invalid("data must be at most 64 KB of JSON", `/recipients/${index}/data`);
  return { key, data };
}

async function* chunks<T>(items: Iterable<T> | AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let chunk: T[] = [];
  for await (const item of items) {
    chunk.push(item);
    if (chunk.length >= size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** The content of a live send as enqueueMessages stores it (found again by its hash when it exists). */
export async function contentOfRequest(brandId: string, request: Pick<EnqueueRequest, "content" | "options">): Promise<Content> {
  const input = validated(MessageContentInput, request.content, "content");
  const options = request.options ?? {};
  return createContent(brandId, input, {
    category: options.category ?? "marketing",
    mode: "live",
    sendingThreshold: options.sendingThreshold ?? "subscribed",
    topic: options.topic ?? null,
  });
}

export async function enqueueMessages(brandId: string, request: EnqueueRequest): Promise<EnqueueResult> {
  const source = validated(Source, request.source, "source");
  const part = validated(Part, request.part ?? "", "part");
  const options = request.options ?? {};
  const threshold = options.sendingThreshold ?? "subscribed";
  const content = await contentOfRequest(brandId, request);
  const priority = options.priority === "high" ? 0 : 1;
  const result: EnqueueResult = { contentId: content.id, queued: 0, skipped: 0, duplicates: 0, reasons: {} };
  const results: RecipientResult[] = [];
  let seen = 0;
  let index = 0;
  for await (const chunk of chunks(request.recipients, CHUNK)) {
    const checked = chunk.map((r) => ({ recipient: r, ...checkRecipient(r, index++) }));
    const unique = [...new Map(checked.map((c) => [c.key, c])).values()];
    result.duplicates += checked.length - unique.length;
    const states = await recipientStates(
      sqlReader(),
      brandId,
      unique.map((c) => c.recipient.contactId),
      content.topic ? [content.topic.id] : [],
    );
    const now = new Date();
    const rows: MessageRow[] = unique.map((c) => {
      const verdict = decide(states.get(c.recipient.contactId)!, threshold, content.topic);
      return {
        id: newId(now),
        brandId,
        contentId: content.id,
        sourceKind: source.kind,
        sourceId: source.id,
        part,
        recipientKey: c.key,
        contactId: c.recipient.contactId,
        email: verdict.email,
        mode: "live",
        status: verdict.status,
        reason: verdict.reason,
        priority,
        data: c.data,
        nextAttemptAt: options.sendAt && options.sendAt > now ? options.sendAt : now,
        createdAt: now,
      };
    });
    const inserted = await writeTransaction(async (tx) => {
      const done = await insertMessages(tx, rows);
      const kept = new Set(done.map((d) => d.recipientKey));
      const counters = new CounterBatch();
      const key = { brandId, sourceKind: source.kind, sourceId: source.id, part };
      for (const row of rows.filter((r) => kept.has(r.recipientKey)))
        if (row.status === "queued") counters.add(key, "pending", now);
        else counters.skip(key, row.status as "skipped" | "suppressed", row.reason!, now);
      await counters.flush(tx);
      return kept;
    });
    for (const row of rows) {
      if (!inserted.has(row.recipientKey)) {
        result.duplicates++;
        continue;
      }
      if (row.status === "queued") result.queued++;
      else {
        result.skipped++;
        const reason = reasonLabel(row.status as "skipped" | "suppressed", row.reason!);
        result.reasons[reason] = (result.reasons[reason] ?? 0) + 1;
      }
    }
    seen += chunk.length;
    if (seen <= MAX_RESULTS) results.push(...(await recipientResults(brandId, source, rows, inserted)));
    if (result.queued > 0) wakeDeliveryWorker();
  }
  if (seen <= MAX_RESULTS) result.results = results;
  return result;
}

async function recipientResults(brandId: string, source: Source, rows: MessageRow[], inserted: Set<string>): Promise<RecipientResult[]> {
  const duplicates = rows.filter((r) => !inserted.has(r.recipientKey)).map((r) => r.recipientKey);
  const existing = new Map<string, { id: string; status: MessageStatus; reason: string | null }>();
  if (duplicates.length > 0) {
    const found = await sqlReader().all<{ id: string; recipientKey: string; status: MessageStatus; reason: string | null }>(
      `SELECT "id", "recipientKey", "status", "reason" FROM "Message"
       WHERE "brandId" = ? AND "sourceKind" = ? AND "sourceId" = ? AND "recipientKey" IN (${duplicates.map(() => "?").join(", ")})`,
      [brandId, source.kind, source.id, ...duplicates],
    );
    for (const f of found) existing.set(f.recipientKey, f);
  }
  return rows.map((r) => {
    const old = existing.get(r.recipientKey);
    return old
      ? { key: r.recipientKey, contactId: r.contactId!, messageId: old.id, status: old.status, reason: old.reason, duplicate: true }
      : { key: r.recipientKey, contactId: r.contactId!, messageId: r.id, status: r.status, reason: r.reason, duplicate: false };
  });
}

export type { Content };
