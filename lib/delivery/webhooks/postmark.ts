// Postmark's bounce and spam-complaint webhooks. Postmark signs nothing: a webhook is authenticated by the
// HTTP Basic credentials written into its URL (https://postmark:<password>@inkwell.example.com/webhooks/postmark),
// checked against POSTMARK_WEBHOOK_PASSWORD. The message is found by the metadata Inkwell sends with it
// (X-PM-Metadata-inkwell-message), Postmark's own MessageID naming nothing of ours.
import { timingSafeEqual } from "node:crypto";
import { dateOf, str, type ProviderEvent } from "./provider-event";

export const POSTMARK_METADATA_KEY = "inkwell-message";

/** Hard bounce types; every other bounce type (soft bounce, transient, DNS error, blocked...) is retried by Postmark. */
const HARD = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated"]);

/** Whether the request's Basic credentials carry the configured password (any user name). */
export function postmarkAuthorized(authorization: string | null, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/.exec(authorization ?? "");
  if (!match) return false;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const given = Buffer.from(decoded.slice(decoded.indexOf(":") + 1));
  const expected = Buffer.from(password);
  return decoded.includes(":") && given.length === expected.length && timingSafeEqual(given, expected);
}

export function postmarkEvents(body: unknown): ProviderEvent[] {
  const b = (body ?? {}) as Record<string, unknown>;
  const metadata = (b.Metadata ?? {}) as Record<string, unknown>;
  const ref = str(metadata[POSTMARK_METADATA_KEY]);
  if (!ref) return [];
  const email = str(b.Email) ?? str(b.Recipient);
  const at = dateOf(b.BouncedAt);
  if (b.RecordType === "SpamComplaint" || b.Type === "SpamComplaint")
    return [{ type: "complaint", messageRef: ref, email, detail: str(b.Description), at }];
  if (b.RecordType === "Bounce") {
    const type = str(b.Type) ?? "";
    return [
      {
        type: "bounce",
        bounceType: HARD.has(type) ? "hard" : "soft",
        messageRef: ref,
        email,
        detail: [type, str(b.Details) ?? str(b.Description)].filter(Boolean).join(": ") || null,
        at,
      },
    ];
  }
  return [];
}
