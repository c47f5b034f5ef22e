// The `contact` of an event (published contactDto.Contact): who did it. id, email and/or phone identify the
// contact (created when new); consents, opt-ins and opt-outs change its channels; the other properties
// update it, as POST /api/contacts would. eventContactInput maps it to the contacts module's input.
import { z } from "zod";
import { normalizePhone } from "@/lib/contacts/identifiers";
import { crossField } from "@/lib/http/cross-field";
import type { ContactInput, IdentifierInput } from "@/lib/contacts/schemas";
import { ID_PATTERN } from "@/lib/ids";

const text = (max: number) => z.string().trim().max(max).optional();
const rfc3339 = z.iso.datetime({ offset: true });

const phone = z
  .string()
  .max(30)
  .refine((value) => normalizePhone(value) !== null, {
    message: "is not a phone number in international format (a + and up to 15 digits, e.g. +14155552671)",
    params: { code: "invalid_phone" },
  });

const channel = z
  .enum(["email", "sms"])
  .optional()
  .meta({ description: "email or sms (default: email when the contact has an email, else sms)" });

const EventConsent = z.strictObject({
  channel,
  createdAt: rfc3339.optional().meta({ description: "RFC 3339 (default: when processed)" }),
  ip: z.union([z.ipv4(), z.ipv6()]).optional(),
  source: z.string().trim().min(1).max(100).optional(),
  userAgent: z.string().max(200).optional(),
});
const EventOptIn = z.strictObject({ channel, createdAt: rfc3339.optional(), source: z.string().trim().max(100).optional() });
const EventOptOut = EventOptIn.extend({ reason: z.string().max(100).optional() });

const EventContactShape = z.strictObject({
  id: z
    .string()
    .regex(ID_PATTERN, "must be a contact id (24 lowercase hexadecimal characters)")
    .optional()
    .meta({ description: "An existing contact's id: that contact is updated" }),
  email: z.email().max(254).optional(),
  phone: phone.optional().meta({ description: "International format with leading +. (v4's `phoneNumber` is now `phone`)" }),
  // Accepted only to answer with a precise problem: v4 clients send it.
  phoneNumber: z.unknown().optional().meta({ description: "Not accepted: renamed to `phone`" }),
  firstName: text(50),
  lastName: text(50),
  gender: z.enum(["m", "f"]).optional(),
  birthdate: z.iso.date().optional().meta({ description: "YYYY-MM-DD" }),
  address: text(500),
  city: text(100),
  state: text(100),
  country: text(100),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code in upper case, e.g. DE")
    .optional(),
  postalCode: text(20),
  tags: z.array(z.string().trim().min(1).max(100)).max(100).optional().meta({ description: "Added to the contact's tags" }),
  customProperties: z
    .record(z.string().min(1).max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 100, { message: "at most 100 keys", params: { code: "too_big" } })
    .optional()
    .meta({ description: "Merged into the contact's custom properties key by key (null removes a key); a contact has at most 100" }),
  consents: z.array(EventConsent).max(100).optional().meta({
    description: "Consent given on a channel (the latest per channel is kept on the identifier; all are in the contact's consents[])",
  }),
  optIns: z
    .array(EventOptIn)
    .max(10)
    .optional()
    .meta({ description: "The channel became subscribed (the latest opt-in or opt-out of a channel wins)" }),
  optOuts: z.array(EventOptOut).max(10).optional().meta({ description: "The channel became unsubscribed" }),
});

const IDENTITY_FIELDS = ["id", "email", "phone", "phoneNumber"] as const;

export const EventContact = crossField(
  crossField(EventContactShape, IDENTITY_FIELDS, (contact, ctx) => {
    if (contact.phoneNumber !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["phoneNumber"],
        params: { code: "renamed" },
        message: 'was renamed to "phone" (send contact.phone)',
      });
    }
    if (contact.email === undefined && contact.phone === undefined && contact.phoneNumber === undefined && contact.id === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        params: { code: "required" },
        message: "contact needs an id, an email or a phone to identify the contact",
      });
    }
  }),
  ["email", "phone", "consents", "optIns", "optOuts"],
  (contact, ctx) => {
    for (const list of ["consents", "optIns", "optOuts"] as const) {
      contact[list]?.forEach((entry, i) => {
        const target = channelOf(contact, entry.channel);
        if (target === null) {
          ctx.addIssue({
            code: "custom",
            path: [list, i, "channel"],
            params: { code: "invalid_value" },
            message:
              entry.channel === "sms"
                ? "the sms channel needs contact.phone"
                : entry.channel === "email"
                  ? "the email channel needs contact.email"
                  : "needs contact.email or contact.phone",
          });
        }
      });
    }
  },
).meta({
  id: "EventContact",
  description: "The contact the event belongs to: id, email and/or phone identify it; the other fields update it",
});
export type EventContact = z.infer<typeof EventContact>;

type Channel = "email" | "sms";

/** The channel an entry applies to: as named when the contact has that identifier, else null. */
function channelOf(contact: { email?: string; phone?: string }, named: Channel | undefined): Channel | null {
  const has = { email: contact.email !== undefined, sms: contact.phone !== undefined };
  if (named) return has[named] ? named : null;
  return has.email ? "email" : has.sms ? "sms" : null;
}

/** The latest entry per channel by createdAt (a missing createdAt is "now", so the latest). */
function latestPerChannel<T extends { channel?: Channel; createdAt?: string }>(contact: EventContact, entries: T[]): Map<Channel, T> {
  const latest = new Map<Channel, T>();
  const time = (e: T) => (e.createdAt ? Date.parse(e.createdAt) : Infinity);
  for (const entry of entries) {
    const c = channelOf(contact, entry.channel);
    if (!c) continue;
    const seen = latest.get(c);
    if (!seen || time(entry) >= time(seen)) latest.set(c, entry);
  }
  return latest;
}

/**
 * The contacts module's input for an event's contact: its identifiers with the channel statuses its
 * opt-ins and opt-outs set (the latest per channel wins; an opt-out wins a tie) and the latest consent per
 * channel; `contactId` names the contact when the event gave an id; `identifiersOnly` says the event only
 * names the contact (an existing one needs no write).
 */
export function eventContactInput(contact: EventContact): {
  contactId?: string;
  input: ContactInput & { addTags?: string[] };
  identifiersOnly: boolean;
} {
  const { id, email, phone: phoneNumber, phoneNumber: _renamed, consents, optIns, optOuts, tags, ...profile } = contact;
  const statuses = latestPerChannel(contact, [
    ...(optIns ?? []).map((o) => ({ ...o, status: "subscribed" as const })),
    ...(optOuts ?? []).map((o) => ({ ...o, status: "unsubscribed" as const })),
  ]);
  const consentOf = latestPerChannel(contact, consents ?? []);
  const identifier = (type: "email" | "phone", value: string, c: Channel): IdentifierInput => {
    const status = statuses.get(c);
    const consent = consentOf.get(c);
    return {
      type,
      id: value,
      ...(status
        ? { channels: { [c]: { status: status.status, ...(status.createdAt ? { statusChangedAt: status.createdAt } : {}) } } }
        : {}),
      ...(consent
        ? { consent: { source: consent.source, createdAt: consent.createdAt, ip: consent.ip, userAgent: consent.userAgent } }
        : {}),
    };
  };
  const identifiers: IdentifierInput[] = [];
  if (email !== undefined) identifiers.push(identifier("email", email, "email"));
  if (phoneNumber !== undefined) identifiers.push(identifier("phone", phoneNumber, "sms"));
  const identifiersOnly =
    id === undefined &&
    !consents?.length &&
    !optIns?.length &&
    !optOuts?.length &&
    !tags?.length &&
    Object.values(profile).every((v) => v === undefined);
  return {
    ...(id ? { contactId: id } : {}),
    input: { identifiers, ...profile, ...(tags?.length ? { addTags: tags } : {}) },
    identifiersOnly,
  };
}
