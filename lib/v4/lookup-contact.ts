// GET /v4/contacts/{id:…|email:…|phoneNumber:…} → GET /api/contacts/{id}, ?email=, ?phone=.
// One contact in v4's shape (an identifier belongs to at most one contact), 404 when there is none.
import { getContact } from "@/lib/contacts/contact-record";
import { normalizeEmail, normalizePhone } from "@/lib/contacts/identifiers";
import { listContacts } from "@/lib/contacts/list-contacts";
import { ContactListQuery } from "@/lib/contacts/schemas";
import { ApiProblem } from "@/lib/http/problems";
import { ID_PATTERN } from "@/lib/ids";
import { toV4Contact } from "./v4-contact";
import type { V4Contact } from "./schemas";

export type Lookup = { by: "id"; value: string } | { by: "email"; value: string } | { by: "phone"; value: string };

const PREFIXES = { id: "id", email: "email", phoneNumber: "phone" } as const;

function malformed(message: string, code = "invalid_value"): ApiProblem {
  return new ApiProblem("invalid-id", `Malformed contact lookup: ${message}`, {
    errors: [{ field: "lookup", pointer: "/lookup", code, message, in: "path" }],
  });
}

/** Parses the path segment; the value is normalized as the identifier index stores it. */
export function parseLookup(segment: string): Lookup {
  const colon = segment.indexOf(":");
  const by = PREFIXES[segment.slice(0, colon) as keyof typeof PREFIXES];
  if (colon < 0 || !by) throw malformed("must be id:{id}, email:{email} or phoneNumber:{phone}");
  const raw = segment.slice(colon + 1);
  if (by === "id") {
    if (!ID_PATTERN.test(raw)) throw malformed("id must be a 24-character lowercase hexadecimal id", "invalid_id");
    return { by, value: raw };
  }
  // A + that reached us as a space (form-style encoding of the path) is still the phone's plus.
  const value = by === "email" ? normalizeEmail(raw) : normalizePhone(raw.replace(/^ /, "+"));
  if (value === null) {
    throw by === "email"
      ? malformed("is not a valid email address", "invalid_email")
      : malformed("is not a valid phone number in international format (e.g. +14155552671)", "invalid_phone");
  }
  return { by, value };
}

/** The current endpoint for a lookup, for the Link header; the bare list when the segment is malformed. */
export function lookupSuccessor(url: URL): string {
  try {
    const segment = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    const lookup = parseLookup(segment);
    return lookup.by === "id" ? `/api/contacts/${lookup.value}` : `/api/contacts?${lookup.by}=${encodeURIComponent(lookup.value)}`;
  } catch {
    return "/api/contacts";
  }
}

export async function lookupContactV4(brandId: string, segment: string): Promise<V4Contact> {
  const lookup = parseLookup(segment);
  if (lookup.by === "id") return toV4Contact(await getContact(brandId, lookup.value));
  const { contacts } = await listContacts(brandId, ContactListQuery.parse({ [lookup.by]: lookup.value, limit: 1 }));
  if (contacts.length === 0)
    throw new ApiProblem("not-found", `No contact has the ${lookup.by === "phone" ? "phoneNumber" : "email"} ${lookup.value}`);
  return toV4Contact(contacts[0]);
}
