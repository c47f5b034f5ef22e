// SendGrid's Event Webhook with its signature ("Signed Event Webhook"): ECDSA (P-256, SHA-256) over the
// timestamp header followed by the raw body, with the verification key SendGrid shows (base64 DER,
// SENDGRID_WEBHOOK_PUBLIC_KEY). Events name the message by the Message-ID header it was sent with
// ("smtp-id") or by the unique argument Inkwell sends (X-SMTPAPI unique_args).
import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { dateOf, str, type ProviderEvent } from "./provider-event";

export const SIGNATURE_HEADER = "x-twilio-email-event-webhook-signature";
export const TIMESTAMP_HEADER = "x-twilio-email-event-webhook-timestamp";
export const SENDGRID_UNIQUE_ARG = "inkwell_message";

let cached: { source: string; key: KeyObject } | undefined;

function publicKey(base64: string): KeyObject {
  if (cached?.source !== base64) {
    const der = Buffer.from(base64.replace(/-----[^-]+-----|\s/g, ""), "base64");
    cached = { source: base64, key: createPublicKey({ key: der, format: "der", type: "spki" }) };
  }
  return cached.key;
}

export function sendgridSignatureValid(rawBody: string, signature: string | null, timestamp: string | null, key: string): boolean {
  if (!signature || !timestamp) return false;
  try {
    return verify("sha256", Buffer.from(timestamp + rawBody, "utf8"), publicKey(key), Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

export function sendgridEvents(body: unknown): ProviderEvent[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item): ProviderEvent[] => {
    const e = (item ?? {}) as Record<string, unknown>;
    const ref = str(e[SENDGRID_UNIQUE_ARG]) ?? str(e["smtp-id"]);
    if (!ref) return [];
    const base = { messageRef: ref, email: str(e.email), at: dateOf(e.timestamp) };
    switch (e.event) {
      case "bounce":
        // type "blocked" is a temporary refusal (SendGrid's soft bounce); "bounce" a permanent one.
        return [{ ...base, type: "bounce", bounceType: e.type === "blocked" ? "soft" : "hard", detail: str(e.reason) ?? str(e.status) }];
      case "spamreport":
        return [{ ...base, type: "complaint", detail: null }];
      case "unsubscribe":
      case "group_unsubscribe":
        return [{ ...base, type: "unsubscribe", detail: null }];
      default:
        return [];
    }
  });
}
