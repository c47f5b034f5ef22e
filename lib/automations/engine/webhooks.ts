// Webhook blocks: once a block's run row is committed (pending), the automations worker POSTs its body
// to the callback URL, signed as Standard Webhooks do (webhook-id: the run's stable id, so a receiver can
// drop a repeat; webhook-timestamp; webhook-signature: v1,HMAC-SHA256 of "id.timestamp.body" with the
// brand's signing secret). A 2xx answer completes the run; anything else is retried with backoff (the
// same id), up to AUTOMATIONS_MAX_ATTEMPTS. The connection goes only to public addresses (checked in the
// socket's own DNS lookup, as for images fetched by URL), unless AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS names the host.
import { createHmac } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { config } from "@/lib/config";
import { runningDialect } from "@/lib/db/dialect";
import { sqlReader, writeQuery, writeStatement } from "@/lib/db/sql";
import { jsonValue, numberValue } from "@/lib/db/values";
import { guardedLookup, hostOf } from "@/lib/net/address-guard";
import { allowedHosts, callbackRefusal } from "../callback-url";
import { findRecipient } from "@/lib/templates/render/recipient";
import { contactValue, findTags, readPath } from "@/lib/templates/render/tags";
import type { SendWebhook } from "../model";
import { recordOf, COLUMNS } from "../store";
import { flatten } from "../tree";
import type { TriggerData } from "./messages";
import { webhookKey } from "./webhook-secret";

const RETRY_MAX_MS = 60 * 60_000;
const USER_AGENT = "Inkwell-Automations/1";

export { webhookSecret } from "./webhook-secret";

export function signWebhook(key: Buffer, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The body template with [[contact.*]] and [[event.*]] (the trigger's properties) filled in, JSON-escaped. */
export function renderWebhookBody(template: string, contact: Parameters<typeof contactValue>[0], trigger: TriggerData): string {
  let out = "";
  let last = 0;
  for (const tag of findTags(template)) {
    const [root, ...rest] = tag.path.split(".");
    const value =
      root === "contact"
        ? contactValue(contact, rest)
        : root === "event"
          ? (readPath(trigger.properties, rest) ?? (rest[0] === "name" ? trigger.eventName : undefined))
          : undefined;
    out += template.slice(last, tag.index) + JSON.stringify(value ?? tag.fallback ?? "").slice(1, -1);
    last = tag.index + tag.raw.length;
  }
  return out + template.slice(last);
}

type Delivery = { status: number | null; error: string | null };

function post(url: URL, headers: Record<string, string>, body: string): Promise<Delivery> {
  const host = hostOf(url);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(config().AUTOMATIONS_WEBHOOK_TIMEOUT_MS),
        ...(allowedHosts().has(host) ? {} : { lookup: guardedLookup(host) }),
      },
      (response) => {
        response.resume();
        response.once("end", () => resolve({ status: response.statusCode ?? 0, error: null }));
        response.once("error", (error) => resolve({ status: response.statusCode ?? 0, error: error.message }));
      },
    );
    request.once("error", (error: Error & { code?: string }) =>
      resolve({ status: null, error: error.message || error.code || "connection failed" }),
    );
    request.end(body);
  });
}

type PendingRun = { enrollmentId: string; blockId: string; brandId: string; automationId: string; contactId: string; attempts: number };

/** Claims due webhook runs (pending, retry time come, no live lease). */
export async function claimWebhooks(workerId: string, limit: number, leaseMs: number, now: Date): Promise<PendingRun[]> {
  const rows = await writeQuery<Record<string, unknown>>(
    `UPDATE "AutomationBlockRun" SET "claimedBy" = ?, "claimedUntil" = ?ts, "attempts" = "attempts" + 1
     WHERE ("enrollmentId", "blockId") IN (
       SELECT "enrollmentId", "blockId" FROM "AutomationBlockRun"
       WHERE "status" = 'pending' AND "nextAttemptAt" <= ?ts AND ("claimedUntil" IS NULL OR "claimedUntil" < ?ts)
       ORDER BY "nextAttemptAt" LIMIT ? ${runningDialect().claimLock}
     )
     RETURNING "enrollmentId", "blockId", "brandId", "automationId", "contactId", "attempts"`,
    [workerId, new Date(now.getTime() + leaseMs), now, now, limit],
  );
  return rows.map((r) => ({
    enrollmentId: String(r.enrollmentId),
    blockId: String(r.blockId),
    brandId: String(r.brandId),
    automationId: String(r.automationId),
    contactId: String(r.contactId),
    attempts: numberValue(r.attempts),
  }));
}

async function finish(
  workerId: string,
  run: PendingRun,
  status: "done" | "pending" | "failed",
  outcome: string,
  detail: string | null,
  retryAt: Date | null,
) {
  await writeStatement(
    `UPDATE "AutomationBlockRun" SET "status" = ?, "outcome" = ?, "detail" = ?, "nextAttemptAt" = ?ts, "claimedBy" = NULL, "claimedUntil" = NULL, "at" = ?ts
     WHERE "enrollmentId" = ? AND "blockId" = ? AND "claimedBy" = ?`,
    [status, outcome, detail?.slice(0, 2000) ?? null, retryAt, new Date(), run.enrollmentId, run.blockId, workerId],
  );
}

/**
 * Sends one claimed webhook run and records the answer. Whatever throws on the way (a header the HTTP
 * library refuses, a read that fails) is an attempt like a refused one: counted (at the claim), retried
 * with backoff and failed after AUTOMATIONS_MAX_ATTEMPTS. Left unfinished, the run stayed pending with its
 * old retry time, was claimed first again at every lease, and was never given up.
 */
export async function sendWebhookRun(workerId: string, run: PendingRun): Promise<void> {
  try {
    await attemptWebhookRun(workerId, run);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await retryOrFail(workerId, run, "error", `the request could not be made: ${message}`);
  }
}

async function attemptWebhookRun(workerId: string, run: PendingRun): Promise<void> {
  const [automationRow] = await sqlReader().all<Record<string, unknown>>(`SELECT ${COLUMNS} FROM "Automation" WHERE "id" = ?`, [
    run.automationId,
  ]);
  const [enrollment] = await sqlReader().all<{ trigger: unknown; triggeredAt: unknown }>(
    `SELECT "trigger", "triggeredAt" FROM "AutomationEnrollment" WHERE "id" = ?`,
    [run.enrollmentId],
  );
  const block = automationRow ? flatten(recordOf(automationRow).blocks).find((b) => b.id === run.blockId) : undefined;
  if (!block || block.type !== "action" || block.action.type !== "sendWebhook" || !enrollment) {
    return finish(workerId, run, "failed", "block-removed", "the webhook block or its enrollment no longer exists", null);
  }
  const webhook: SendWebhook = block.action.sendWebhook;
  const refusal = callbackRefusal(webhook.callbackUrl);
  if (refusal) return finish(workerId, run, "failed", "refused", `the callback URL ${refusal}`, null);
  let contact: Parameters<typeof contactValue>[0] = {};
  try {
    contact = await findRecipient(run.brandId, { contactID: run.contactId });
  } catch {
    return finish(workerId, run, "failed", "contact-missing", "the contact no longer exists", null);
  }
  const body = renderWebhookBody(webhook.body, contact, jsonValue(enrollment.trigger) as TriggerData);
  const id = `${run.enrollmentId}:${run.blockId}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": USER_AGENT };
  for (const h of webhook.headers ?? []) headers[h.key] = h.value;
  Object.assign(headers, {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(await webhookKey(run.brandId), id, timestamp, body),
  });
  const answer = await post(new URL(webhook.callbackUrl), headers, body);
  if (answer.status !== null && answer.status >= 200 && answer.status < 300)
    return finish(workerId, run, "done", String(answer.status), null, null);
  const detail = answer.status !== null ? `the receiver answered ${answer.status}` : `no answer: ${answer.error}`;
  return retryOrFail(workerId, run, answer.status !== null ? String(answer.status) : "unreachable", detail);
}

/** A failed attempt: pending again after a backoff, or failed once AUTOMATIONS_MAX_ATTEMPTS were made. */
function retryOrFail(workerId: string, run: PendingRun, outcome: string, detail: string): Promise<void> {
  const { AUTOMATIONS_MAX_ATTEMPTS, AUTOMATIONS_RETRY_BASE_MS } = config();
  if (run.attempts >= AUTOMATIONS_MAX_ATTEMPTS) return finish(workerId, run, "failed", outcome, detail, null);
  const delay = Math.min(RETRY_MAX_MS, AUTOMATIONS_RETRY_BASE_MS * 2 ** Math.max(0, run.attempts - 1));
  return finish(workerId, run, "pending", outcome, detail, new Date(Date.now() + delay));
}
