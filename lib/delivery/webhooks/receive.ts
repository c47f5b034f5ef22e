// The provider webhooks' HTTP side (app/webhooks/*): the raw body read with a size limit, the provider's
// check (signature and its timestamp's age, credentials), its events applied, a small JSON answer. A
// webhook that is not configured answers 404, a forged, stale or unverifiable one 401 (a certificate that
// cannot be fetched included), a malformed one 400; providers retry anything but a 2xx.
import { config } from "@/lib/config";
import { applyProviderEvents } from "./apply-events";
import { epochSeconds, timestampFresh, tooOld } from "./freshness";
import { postmarkAuthorized, postmarkEvents } from "./postmark";
import { SIGNATURE_HEADER, sendgridEvents, sendgridSignatureValid, TIMESTAMP_HEADER } from "./sendgrid";
import { confirmSubscription, sesEvents, SnsRejected, verifySnsMessage } from "./sns";
import { confirmedTopic, rememberTopic } from "./sns-topics";

const MAX_BODY = 1024 * 1024;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });

async function rawBody(request: Request): Promise<string | null> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_BODY) return null;
  const text = await request.text();
  return text.length > MAX_BODY ? null : text;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function summary(events: Parameters<typeof applyProviderEvents>[0]): Promise<Response> {
  const applied = await applyProviderEvents(events);
  return json(200, { received: events.length, applied: applied.filter((a) => a.status === "applied").length });
}

export async function receiveSes(request: Request): Promise<Response> {
  const text = await rawBody(request);
  if (text === null) return json(413, { error: "body over 1 MB" });
  const body = parse(text);
  if (body === undefined) return json(400, { error: "the body is not JSON" });
  try {
    const message = await verifySnsMessage(body, confirmedTopic);
    if (message.Type === "SubscriptionConfirmation") {
      await confirmSubscription(message, rememberTopic);
      return json(200, { confirmed: true });
    }
    if (message.Type !== "Notification") return json(200, { ignored: message.Type });
    return summary(sesEvents(message.Message));
  } catch (error) {
    if (error instanceof SnsRejected) return json(401, { error: error.message });
    throw error;
  }
}

export async function receivePostmark(request: Request): Promise<Response> {
  const password = config().POSTMARK_WEBHOOK_PASSWORD;
  if (!password) return json(404, { error: "the Postmark webhook is not configured (POSTMARK_WEBHOOK_PASSWORD)" });
  if (!postmarkAuthorized(request.headers.get("authorization"), password))
    return new Response(JSON.stringify({ error: "wrong credentials" }), {
      status: 401,
      headers: { "Content-Type": "application/json", "WWW-Authenticate": 'Basic realm="inkwell webhooks"' },
    });
  const text = await rawBody(request);
  if (text === null) return json(413, { error: "body over 1 MB" });
  const body = parse(text);
  if (body === undefined) return json(400, { error: "the body is not JSON" });
  return summary(postmarkEvents(body));
}

export async function receiveSendgrid(request: Request): Promise<Response> {
  const key = config().SENDGRID_WEBHOOK_PUBLIC_KEY;
  if (!key) return json(404, { error: "the SendGrid webhook is not configured (SENDGRID_WEBHOOK_PUBLIC_KEY)" });
  const text = await rawBody(request);
  if (text === null) return json(413, { error: "body over 1 MB" });
  const timestamp = request.headers.get(TIMESTAMP_HEADER);
  if (!sendgridSignatureValid(text, request.headers.get(SIGNATURE_HEADER), timestamp, key))
    return json(401, { error: "the signature does not verify" });
  // The timestamp is signed with the body: a valid signature of another time is a replay.
  if (!timestampFresh(epochSeconds(timestamp))) return json(401, { error: tooOld() });
  const body = parse(text);
  if (body === undefined) return json(400, { error: "the body is not JSON" });
  return summary(sendgridEvents(body));
}
