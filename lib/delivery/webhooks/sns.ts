// Amazon SES notifications through SNS: the SNS message's signature is verified with the certificate at
// its SigningCertURL (which must be an SNS host of AWS, over https, or a prefix the operator allows:
// SNS_CERT_URL_PREFIXES), fetched only for a current, signed message of an expected topic and cached;
// subscription confirmations are confirmed by fetching their SubscribeURL (the topic is then known), and the
// SES notification inside (bounce, complaint) is read. Signature versions 1 (SHA1withRSA) and 2
// (SHA256withRSA), as SNS documents them ("Verifying the signatures of Amazon SNS messages").
import { createVerify, X509Certificate } from "node:crypto";
import { config } from "@/lib/config";
import { timestampFresh, tooOld } from "./freshness";
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

const AWS_SNS_HOST = /^sns\.([a-z0-9-]+)\.amazonaws\.com(\.cn)?$/;
/** The file name AWS gives its SNS signing certificates. */
const AWS_CERT_PATH = /^\/SimpleNotificationService-[0-9a-f]{1,64}\.pem$/;
const TOPIC_ARN = /^arn:aws[a-z-]*:sns:([a-z0-9-]+):\d{12}:[A-Za-z0-9_.-]{1,256}$/;

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * An https URL on an SNS host of AWS, or a URL under an allowed prefix. A certificate on AWS must have
 * AWS's file name and, when the topic is named, be on the topic's own region (SNS signs with the
 * certificate of the topic's region): not any .pem on any sns.<region> path (issue 38).
 */
export function isTrustedSnsUrl(value: string, kind: "cert" | "subscribe", topicArn?: string): boolean {
  if (list(config().SNS_CERT_URL_PREFIXES).some((prefix) => value.startsWith(prefix))) return true;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = AWS_SNS_HOST.exec(url.hostname);
  if (url.protocol !== "https:" || !host || url.username || url.port) return false;
  if (kind === "subscribe") return true;
  const region = topicArn ? TOPIC_ARN.exec(topicArn)?.[1] : undefined;
  return AWS_CERT_PATH.test(url.pathname) && !url.search && (!topicArn || region === host[1]);
}

/** The string SNS signs: the message's fields in a fixed order, each "Name\nvalue\n". */
export function stringToSign(m: SnsEnvelope): string {
  const fields =
    m.Type === "Notification"
      ? ["Message", "MessageId", ...(m.Subject !== undefined ? ["Subject"] : []), "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  return fields.map((f) => `${f}\n${(m as Record<string, unknown>)[f] ?? ""}\n`).join("");
}

// Fetched certificates, by URL: a success is kept (AWS rotates certificates under new names), a failure
// for FAILURE_TTL_MS, so a URL that does not serve one is not fetched again on every message; and at most
// FETCHES_PER_MINUTE new fetches a minute, whatever URLs the messages name.
const certificates = new Map<string, { pem: Promise<string>; failedAt?: number }>();
const MAX_CERTIFICATES = 50;
const FAILURE_TTL_MS = 5 * 60_000;
const FETCHES_PER_MINUTE = 10;
let fetches: number[] = [];

async function fetchCertificate(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: "error" });
  } catch (error) {
    throw new SnsRejected(`the signing certificate could not be fetched (${(error as Error).name})`);
  }
  if (!res.ok) throw new SnsRejected(`the signing certificate could not be fetched (${res.status})`);
  const pem = await res.text().catch(() => "");
  try {
    new X509Certificate(pem);
  } catch {
    throw new SnsRejected("the signing certificate is not a certificate");
  }
  return pem;
}

function certificate(url: string, now = Date.now()): Promise<string> {
  const kept = certificates.get(url);
  if (kept && (kept.failedAt === undefined || now - kept.failedAt < FAILURE_TTL_MS)) return kept.pem;
  fetches = fetches.filter((t) => now - t < 60_000);
  if (fetches.length >= FETCHES_PER_MINUTE)
    return Promise.reject(new SnsRejected("too many signing certificates to fetch; try again later"));
  fetches.push(now);
  const entry: { pem: Promise<string>; failedAt?: number } = { pem: fetchCertificate(url) };
  entry.pem.catch(() => (entry.failedAt = Date.now()));
  certificates.delete(url);
  certificates.set(url, entry);
  if (certificates.size > MAX_CERTIFICATES) certificates.delete(certificates.keys().next().value!);
  return entry.pem;
}

/** Forgets every fetched certificate (tests). */
export function forgetCertificates(): void {
  certificates.clear();
  fetches = [];
}

function envelopeOf(body: unknown): SnsEnvelope {
  const m = body as Partial<SnsEnvelope> | null;
  const required = ["Type", "MessageId", "TopicArn", "Message", "Timestamp", "SignatureVersion", "Signature", "SigningCertURL"] as const;
  if (!m || typeof m !== "object" || required.some((k) => typeof m[k] !== "string")) throw new SnsRejected("not an SNS message");
  return m as SnsEnvelope;
}

/** An RSA signature in base64 (SNS's keys are 2048 bits or more), or null. */
function signatureOf(m: SnsEnvelope): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(m.Signature)) return null;
  const bytes = Buffer.from(m.Signature, "base64");
  return bytes.length >= 128 && bytes.length <= 1024 ? bytes : null;
}

/**
 * Whether a message's topic is one this deployment expects (`confirmed`: the topics kept by
 * sns-topics.ts, handed in so that this module stays free of the database): one of SES_SNS_TOPIC_ARNS when set, else a
 * topic whose subscription it confirmed. Any well-formed topic may ask for a subscription (that is how
 * topics become known) unless SES_SNS_TOPIC_ARNS names the topics.
 */
async function topicExpected(m: SnsEnvelope, confirmed: (arn: string) => Promise<boolean>): Promise<boolean> {
  if (!TOPIC_ARN.test(m.TopicArn)) return false;
  const configured = list(config().SES_SNS_TOPIC_ARNS);
  if (configured.length > 0) return configured.includes(m.TopicArn);
  return m.Type === "SubscriptionConfirmation" || (await confirmed(m.TopicArn));
}

/**
 * Verifies an SNS message; throws SnsRejected when it does not hold. Everything that needs no network
 * is checked first (fresh timestamp, a signature, an expected topic, the certificate's URL), so a
 * certificate is fetched only for a signed, current message of an expected topic (issue 38: any .pem
 * was fetched for an unsigned message, and a failed fetch answered 500).
 */
export async function verifySnsMessage(body: unknown, confirmed: (arn: string) => Promise<boolean>): Promise<SnsEnvelope> {
  const m = envelopeOf(body);
  if (!timestampFresh(new Date(m.Timestamp))) throw new SnsRejected(tooOld());
  const algorithm = m.SignatureVersion === "1" ? "RSA-SHA1" : m.SignatureVersion === "2" ? "RSA-SHA256" : null;
  if (!algorithm) throw new SnsRejected("unknown signature version");
  const signature = signatureOf(m);
  if (!signature) throw new SnsRejected("the message is not signed");
  if (!(await topicExpected(m, confirmed)))
    throw new SnsRejected("the topic is not expected (SES_SNS_TOPIC_ARNS, or a topic whose subscription Inkwell confirmed)");
  if (!isTrustedSnsUrl(m.SigningCertURL, "cert", m.TopicArn)) throw new SnsRejected("the signing certificate is not on an SNS host");
  const verifier = createVerify(algorithm).update(stringToSign(m), "utf8");
  if (!verifier.verify(await certificate(m.SigningCertURL), signature)) throw new SnsRejected("the signature does not verify");
  return m;
}

/** Confirms a subscription (SNS waits for a GET of its SubscribeURL); its topic is known from then on. */
export async function confirmSubscription(m: SnsEnvelope, remember: (arn: string) => Promise<void>): Promise<void> {
  if (!m.SubscribeURL || !isTrustedSnsUrl(m.SubscribeURL, "subscribe")) throw new SnsRejected("the SubscribeURL is not on an SNS host");
  // Stored before SNS is told: once confirmed, SNS never asks again, so a topic it sends to must be known.
  await remember(m.TopicArn);
  let res: Response;
  try {
    res = await fetch(m.SubscribeURL, { signal: AbortSignal.timeout(5_000), redirect: "error" });
  } catch (error) {
    throw new SnsRejected(`the subscription could not be confirmed (${(error as Error).name})`);
  }
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
