// Amazon SES notifications through SNS: the SNS message's signature is verified with the certificate at
// its SigningCertURL (which must be an SNS host of AWS, over https, or a prefix the operator allows:
// SNS_CERT_URL_PREFIXES), subscription confirmations are confirmed by fetching their SubscribeURL, and the
// SES notification inside (bounce, complaint) is read. Signature versions 1 (SHA1withRSA) and 2
// (SHA256withRSA), as SNS documents them ("Verifying the signatures of Amazon SNS messages").
import { createVerify, X509Certificate } from "node:crypto";
import { config } from "@/lib/config";
import { dateOf, str, type ProviderEvent } from "./provider-event";

export type SnsEnvelope = {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
};

export class SnsRejected extends Error {}

const AWS_SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

function allowedPrefixes(): string[] {
  return (config().SNS_CERT_URL_PREFIXES ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** An https URL on an SNS host of AWS, or a URL under an allowed prefix. */
export function isTrustedSnsUrl(value: string, kind: "cert" | "subscribe"): boolean {
  if (allowedPrefixes().some((prefix) => value.startsWith(prefix))) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || !AWS_SNS_HOST.test(url.hostname) || url.username || url.port) return false;
  return kind === "subscribe" || url.pathname.endsWith(".pem");
}

/** The string SNS signs: the message's fields in a fixed order, each "Name\nvalue\n". */
export function stringToSign(m: SnsEnvelope): string {
  const fields =
    m.Type === "Notification"
      ? ["Message", "MessageId", ...(m.Subject !== undefined ? ["Subject"] : []), "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return fields.map((f) => `${f}\n${(m as Record<string, unknown>)[f] ?? ""}\n`).join("");
}

const certificates = new Map<string, Promise<string>>();

async function certificate(url: string): Promise<string> {
  let cert = certificates.get(url);
  if (!cert) {
    cert = (async () => {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: "error" });
      if (!res.ok) throw new SnsRejected(`the signing certificate could not be fetched (${res.status})`);
      const pem = await res.text();
      new X509Certificate(pem); // throws on anything that is not a certificate
      return pem;
    })();
    certificates.set(url, cert);
    cert.catch(() => certificates.delete(url));
    if (certificates.size > 50) certificates.delete(certificates.keys().next().value!);
  }
  return cert;
}

function envelopeOf(body: unknown): SnsEnvelope {
  const m = body as Partial<SnsEnvelope> | null;
  const required = ["Type", "MessageId", "TopicArn", "Message", "Timestamp", "SignatureVersion", "Signature", "SigningCertURL"] as const;
  if (!m || typeof m !== "object" || required.some((k) => typeof m[k] !== "string")) throw new SnsRejected("not an SNS message");
  return m as SnsEnvelope;
}

/** Verifies an SNS message (signature, certificate URL, topic); throws SnsRejected when it does not hold. */
export async function verifySnsMessage(body: unknown): Promise<SnsEnvelope> {
  const m = envelopeOf(body);
  const topics = (config().SES_SNS_TOPIC_ARNS ?? "")
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
  if (topics.length > 0 && !topics.includes(m.TopicArn)) throw new SnsRejected("the topic is not one of SES_SNS_TOPIC_ARNS");
  if (!isTrustedSnsUrl(m.SigningCertURL, "cert")) throw new SnsRejected("the signing certificate is not on an SNS host");
  const algorithm = m.SignatureVersion === "1" ? "RSA-SHA1" : m.SignatureVersion === "2" ? "RSA-SHA256" : null;
  if (!algorithm) throw new SnsRejected("unknown signature version");
  const verifier = createVerify(algorithm).update(stringToSign(m), "utf8");
  if (!verifier.verify(await certificate(m.SigningCertURL), m.Signature, "base64")) throw new SnsRejected("the signature does not verify");
  return m;
}

/** Confirms a subscription: SNS waits for a GET of its SubscribeURL. */
export async function confirmSubscription(m: SnsEnvelope): Promise<void> {
  if (!m.SubscribeURL || !isTrustedSnsUrl(m.SubscribeURL, "subscribe")) throw new SnsRejected("the SubscribeURL is not on an SNS host");
  const res = await fetch(m.SubscribeURL, { signal: AbortSignal.timeout(5_000), redirect: "error" });
  if (!res.ok) throw new SnsRejected(`the subscription could not be confirmed (${res.status})`);
}

type SesHeader = { name?: string; value?: string };

/** The message reference of an SES notification: our Message-ID header (commonHeaders, or the headers list). */
function sesMessageRef(mail: Record<string, unknown>): string | null {
  const common = (mail.commonHeaders ?? {}) as Record<string, unknown>;
  const headers = Array.isArray(mail.headers) ? (mail.headers as SesHeader[]) : [];
  const header = (name: string) => headers.find((h) => h.name?.toLowerCase() === name)?.value;
  return str(header("x-inkwell-message-id")) ?? str(common.messageId) ?? str(header("message-id"));
}

/** The bounces and complaints of an SES notification (event publishing's eventType is read too). */
export function sesEvents(message: string): ProviderEvent[] {
  let n: Record<string, unknown>;
  try {
    n = JSON.parse(message) as Record<string, unknown>;
  } catch {
    return [];
  }
  const kind = str(n.notificationType) ?? str(n.eventType);
  const ref = sesMessageRef((n.mail ?? {}) as Record<string, unknown>);
  if (!ref) return [];
  if (kind === "Bounce") {
    const b = (n.bounce ?? {}) as Record<string, unknown>;
    const bounceType = b.bounceType === "Permanent" ? "hard" : "soft";
    const recipients = Array.isArray(b.bouncedRecipients) ? (b.bouncedRecipients as Record<string, unknown>[]) : [{}];
    return recipients.map((r) => ({
      type: "bounce" as const,
      bounceType,
      messageRef: ref,
      email: str(r.emailAddress),
      detail: [str(b.bounceType), str(b.bounceSubType), str(r.diagnosticCode)].filter(Boolean).join(": ") || null,
      at: dateOf(b.timestamp),
    }));
  }
  if (kind === "Complaint") {
    const c = (n.complaint ?? {}) as Record<string, unknown>;
    const recipients = Array.isArray(c.complainedRecipients) ? (c.complainedRecipients as Record<string, unknown>[]) : [{}];
    return recipients.map((r) => ({
      type: "complaint" as const,
      messageRef: ref,
      email: str(r.emailAddress),
      detail: str(c.complaintFeedbackType),
      at: dateOf(c.timestamp),
    }));
  }
  return [];
}
