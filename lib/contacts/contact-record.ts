// Loads contacts and shapes them as the API's contact record.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { segmentIdsOfContacts } from "@/lib/segments/membership";
import { CHANNEL_OF, type IdentifierType } from "./identifiers";
import type { ContactRecord } from "./schemas";

const STATUS_HISTORY_LIMIT = 100;

const include = {
  identifiers: { orderBy: { id: "asc" as const } },
  tags: { orderBy: { tag: "asc" as const } },
  statusChanges: { orderBy: [{ at: "desc" as const }, { id: "desc" as const }], take: STATUS_HISTORY_LIMIT },
};

type Loaded = NonNullable<Awaited<ReturnType<typeof loadOne>>>;

function loadOne(brandId: string, id: string) {
  return db.contact.findFirst({ where: { id, brandId }, include });
}

function toRecord(contact: Loaded, segments: string[]): ContactRecord {
  const identifiers = contact.identifiers.map((i) => ({
    type: i.type as IdentifierType,
    id: i.value,
    channels: { [CHANNEL_OF[i.type as IdentifierType]]: { status: i.status, statusChangedAt: i.statusChangedAt.toISOString() } },
    consent: (i.consent ?? null) as ContactRecord["identifiers"][number]["consent"],
    sendWelcomeMessage: i.sendWelcomeMessage,
  })) as ContactRecord["identifiers"];
  const primaryEmail = contact.identifiers.find((i) => i.type === "email");
  return {
    id: contact.id,
    email: primaryEmail?.value ?? null,
    phone: contact.identifiers.filter((i) => i.type === "phone").map((i) => i.value),
    identifiers,
    status: (primaryEmail?.status ?? null) as ContactRecord["status"],
    firstName: contact.firstName,
    lastName: contact.lastName,
    gender: contact.gender as ContactRecord["gender"],
    birthdate: contact.birthdate,
    address: contact.address,
    city: contact.city,
    state: contact.state,
    country: contact.country,
    countryCode: contact.countryCode,
    postalCode: contact.postalCode,
    tags: contact.tags.map((t) => t.tag),
    customProperties: contact.customProperties as ContactRecord["customProperties"],
    segments,
    statusHistory: contact.statusChanges.map((s) => ({
      identifierType: s.identifierType as IdentifierType,
      identifier: s.identifier,
      channel: s.channel as ContactRecord["statusHistory"][number]["channel"],
      from: s.from as ContactRecord["status"],
      to: s.to as NonNullable<ContactRecord["status"]>,
      source: s.source,
      changedAt: s.at.toISOString(),
    })),
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}

/** One contact of the brand; 404 when it does not exist there. */
export async function getContact(brandId: string, id: string): Promise<ContactRecord> {
  const contact = await loadOne(brandId, id);
  if (!contact) throw new ApiProblem("not-found", `Contact ${id} does not exist`);
  const segments = await segmentIdsOfContacts(brandId, [id]);
  return toRecord(contact, segments.get(id) ?? []);
}

/** The brand's contacts with these ids, in the given order. */
export async function getContacts(brandId: string, ids: string[]): Promise<ContactRecord[]> {
  if (ids.length === 0) return [];
  const [contacts, segments] = await Promise.all([
    db.contact.findMany({ where: { brandId, id: { in: ids } }, include }),
    segmentIdsOfContacts(brandId, ids),
  ]);
  const byId = new Map(contacts.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const contact = byId.get(id);
    return contact ? [toRecord(contact, segments.get(id) ?? [])] : [];
  });
}
