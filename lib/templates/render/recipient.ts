// The contact a render is for: by id or by email, always within the brand.
import { normalizeEmail } from "@/lib/contacts/identifiers";
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import type { RecipientContact } from "./tags";

export type Recipient = RecipientContact & { id: string };

const select = {
  id: true,
  firstName: true,
  lastName: true,
  gender: true,
  birthdate: true,
  address: true,
  city: true,
  state: true,
  country: true,
  countryCode: true,
  postalCode: true,
  customProperties: true,
  identifiers: { select: { type: true, value: true }, orderBy: { id: "asc" as const } },
} as const;

export async function findRecipient(brandId: string, ref: { contactID?: string; email?: string }): Promise<Recipient> {
  let contact;
  if (ref.contactID) {
    contact = await db.contact.findFirst({ where: { id: ref.contactID, brandId }, select });
    if (!contact) throw new ApiProblem("not-found", `No contact with id ${ref.contactID} in your brand`);
  } else {
    const email = normalizeEmail(ref.email ?? "") ?? (ref.email ?? "").trim().toLowerCase();
    contact = await db.contact.findFirst({ where: { brandId, identifiers: { some: { brandId, type: "email", value: email } } }, select });
    if (!contact) throw new ApiProblem("not-found", `No contact with email ${ref.email} in your brand`);
  }
  return toRecipient(contact);
}

type ContactRow = { identifiers: { type: string; value: string }[]; customProperties: unknown } & Omit<
  RecipientContact,
  "customProperties"
> & {
    id: string;
  };

function toRecipient(contact: ContactRow): Recipient {
  const { identifiers, customProperties, ...fields } = contact;
  return {
    ...fields,
    email: identifiers.find((i) => i.type === "email")?.value ?? null,
    phone: identifiers.find((i) => i.type === "phone")?.value ?? null,
    customProperties: (customProperties ?? {}) as Record<string, unknown>,
  };
}

/** Several contacts of the brand at once (a delivery batch), by id; ids of no contact are left out. */
export async function findRecipients(brandId: string, ids: string[]): Promise<Map<string, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db.contact.findMany({ where: { brandId, id: { in: [...new Set(ids)] } }, select });
  return new Map(rows.map((r) => [r.id, toRecipient(r)]));
}
