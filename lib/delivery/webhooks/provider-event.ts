// What a provider's webhook says about a message, once its own format is read: a bounce, a complaint or
// an unsubscribe, for a message named by its Message-ID header or by Inkwell's message reference.

export type ProviderEventType = "bounce" | "complaint" | "unsubscribe";

export type ProviderEvent = {
  type: ProviderEventType;
  /** bounces only */
  bounceType?: "hard" | "soft";
  /** the Message-ID header as sent (with or without angle brackets), or Inkwell's reference "<id>.<mac>" */
  messageRef: string;
  /** the recipient the provider names, when it does */
  email?: string | null;
  /** the provider's words (diagnostic code, feedback type), for the message's record */
  detail?: string | null;
  at?: Date | null;
};

/** The reference inside a Message-ID header "<id.mac@domain>" (or given bare): "id.mac". */
export function messageRefOf(value: string): { id: string; mac: string } | null {
  const match = /^<?([0-9a-f]{24})\.([0-9a-f]{12})(?:@[^>\s]*)?>?$/.exec(value.trim());
  return match ? { id: match[1], mac: match[2] } : null;
}

export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

export function dateOf(v: unknown): Date | null {
  const d = typeof v === "string" || typeof v === "number" ? new Date(typeof v === "number" && v < 1e12 ? v * 1000 : v) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
}
