// Test sends and Inkwell's own emails (docs/delivery.md "The interface"): the same message rows, render
// and transport as every other email, processed at once by the request that asks, which holds their
// claims from the moment they are written (the worker cannot take them). No eligibility rule applies and
// nothing is tracked. A test send's links are test links and a temporary refusal is not retried (the
// person waiting gets the answer); a system email (a sender's confirmation link) is retried by the worker.
import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import { writeTransaction } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { createContent, type Content } from "../content";
import { CounterBatch } from "../counters";
import type { MessageContentInput, Source } from "../schemas";
import { processTransport, type Transport } from "../transport/smtp";
import { deliverMessages, recordResults, type MessageResult } from "../worker/process-messages";
import type { ClaimedMessage } from "./claim-messages";
import { insertMessages, type MessageRow } from "./enqueue";

export type TestRecipient = { email: string; renderAs?: string | null };

export type SentNow = {
  messageId: string;
  email: string;
  status: "sent" | "failed";
  error: string | null;
  /** the subject as sent (personalized), null when it was not */
  subject: string | null;
  html: string | null;
  text: string | null;
};

export async function sendMessagesNow(
  brandId: string,
  request: { source: Source; content: MessageContentInput | Content; recipients: TestRecipient[]; mode?: "test" | "system" },
  transport: Transport = processTransport(),
): Promise<{ contentId: string; transport: "smtp" | "outbox"; messages: SentNow[] }> {
  const mode = request.mode ?? "test";
  const content =
    "id" in request.content
      ? request.content
      : await createContent(brandId, request.content, { category: "marketing", mode, sendingThreshold: "all" });
  const workerId = `request:${process.pid}:${randomBytes(3).toString("hex")}`;
  const now = new Date();
  const rows: MessageRow[] = request.recipients.map((r) => ({
    id: newId(now),
    brandId,
    contentId: content.id,
    sourceKind: request.source.kind,
    sourceId: request.source.id,
    part: "",
    recipientKey: r.email.toLowerCase(),
    contactId: r.renderAs ?? null,
    email: r.email,
    mode,
    status: "sending",
    reason: null,
    priority: 0,
    data: null,
    nextAttemptAt: new Date(now.getTime() + config().DELIVERY_CLAIM_LEASE_MS),
    createdAt: now,
    claimedBy: workerId,
  }));
  const inserted = await writeTransaction(async (tx) => {
    const done = await insertMessages(tx, rows);
    const counters = new CounterBatch();
    for (const _ of done) counters.add({ brandId, sourceKind: request.source.kind, sourceId: request.source.id, part: "" }, "pending", now);
    await counters.flush(tx);
    return new Set(done.map((d) => d.id));
  });
  const claimed: ClaimedMessage[] = rows
    .filter((r) => inserted.has(r.id))
    .map((r) => ({ ...r, status: "sending", attempts: 1, createdAt: now }));
  const results = await deliverMessages(claimed, transport);
  await recordResults(workerId, results, transport.kind);
  return { contentId: content.id, transport: transport.kind, messages: results.map(sentNow) };
}

function sentNow(r: MessageResult): SentNow {
  const base = { messageId: r.message.id, email: r.message.email ?? "" };
  switch (r.kind) {
    case "sent":
      return {
        ...base,
        status: "sent",
        error: null,
        subject: r.mail?.subject ?? null,
        html: r.mail?.html ?? null,
        text: r.mail?.text ?? null,
      };
    case "bounced":
      return { ...base, status: "failed", error: r.response, subject: null, html: null, text: null };
    case "retry":
    case "failed":
      return { ...base, status: "failed", error: r.detail, subject: null, html: null, text: null };
    default:
      return { ...base, status: "failed", error: "not sent", subject: null, html: null, text: null };
  }
}
