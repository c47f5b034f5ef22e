// Identifier values are stored normalized, so matching is exact: emails lowercased, phones in E.164.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";

export const IDENTIFIER_TYPES = ["email", "phone"] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

export const CHANNELS = ["email", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channel an identifier type carries: email addresses receive email, phone numbers SMS. */
export const CHANNEL_OF: Record<IdentifierType, Channel> = { email: "email", phone: "sms" };

const emailFormat = z.email();

export function normalizeEmail(value: string): string | null {
  const trimmed = value.trim().toLowerCase();
  return trimmed.length <= 254 && emailFormat.safeParse(trimmed).success ? trimmed : null;
}

/** E.164 syntax: a plus, then up to 15 digits, the first not 0. */
const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * The stored form of a phone number: E.164 when it parses as an assigned number (spaces, dashes and
 * brackets dropped), else the number as sent when it is E.164 syntax (the published API accepts numbers
 * such as +1234567890 that no carrier assigned), else null.
 */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (parsed && parsed.isValid()) return parsed.number;
  return E164.test(trimmed) ? trimmed : null;
}

export function normalizeIdentifier(type: IdentifierType, value: string): string | null {
  return type === "email" ? normalizeEmail(value) : normalizePhone(value);
}
