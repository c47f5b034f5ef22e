// The `contact` of an event: who did it. email and/or phone identify the contact (created when new);
// the other properties update it, as POST /api/contacts would.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";

const text = (max: number) => z.string().trim().max(max).optional();

const phone = z.string().max(30).refine((value) => {
  if (!value.trim().startsWith("+")) return false;
  return parsePhoneNumberFromString(value.trim())?.isValid() ?? false;
}, { message: "is not a valid phone number in international format (e.g. +14155552671)", params: { code: "invalid_phone" } });

export const EventContact = z
  .strictObject({
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
    countryCode: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code in upper case, e.g. DE").optional(),
    postalCode: text(20),
    tags: z.array(z.string().trim().min(1).max(100)).max(100).optional().meta({ description: "Added to the contact's tags" }),
    customProperties: z.record(z.string().min(1).max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
      .refine((p) => Object.keys(p).length <= 100, { message: "at most 100 keys", params: { code: "too_big" } }).optional()
      .meta({ description: "Merged into the contact's custom properties key by key (null removes a key); a contact has at most 100" }),
  })
  .superRefine((contact, ctx) => {
    if (contact.phoneNumber !== undefined) {
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], params: { code: "renamed" }, message: 'was renamed to "phone" (send contact.phone)' });
    }
    if (contact.email === undefined && contact.phone === undefined && contact.phoneNumber === undefined) {
      ctx.addIssue({ code: "custom", path: ["email"], params: { code: "required" }, message: "contact needs an email or a phone to identify the contact" });
    }
  }, { when: (payload) => typeof payload.value === "object" && payload.value !== null })
  .meta({ id: "EventContact", description: "The contact the event belongs to: email and/or phone identify it; the other fields update it" });
export type EventContact = z.infer<typeof EventContact>;
