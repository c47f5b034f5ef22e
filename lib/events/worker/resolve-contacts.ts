// Finds or creates the contact of each event. An event that only names an existing contact (email
// and/or phone), or repeats profile values the contact already has (stores send the same name with
// every event), costs no write: identifiers and the profiles of their contacts are looked up for the
// whole batch at once. Anything else goes through lib/contacts' upsert, the same code as POST /api/contacts.
import type { Dialect } from "@/lib/db/dialect";
import { writerRead, type SqlRunner } from "@/lib/db/sql";
import { normalizeEmail, normalizePhone } from "@/lib/contacts/identifiers";
import { PROFILE_FIELDS, type ProfileField } from "@/lib/contacts/profile-fields";
import { createContacts, upsertContactId } from "@/lib/contacts/upsert-contact";
import { eventContactInput, type EventContact } from "../event-contact";

type Identifier = { type: "email" | "phone"; value: string };

function identifiersOf(contact: EventContact): Identifier[] {
  const out: Identifier[] = [];
  const email = contact.email ? normalizeEmail(contact.email) : null;
  const phone = contact.phone ? normalizePhone(contact.phone) : null;
  if (email) out.push({ type: "email", value: email });
  if (phone) out.push({ type: "phone", value: phone });
  return out;
}

/** The lookups of a batch's identifiers and profiles, by their unique keys whatever the statistics (Dialect.lookupBy). */
export const lookups = {
  identifiers: (dialect: Dialect, count: number) =>
    `SELECT "type", "value", "contactId" FROM ${dialect.lookupBy("ContactIdentifier", "ContactIdentifier_brandId_type_value_key")} WHERE "brandId" = ? AND "type" = ? AND "value" IN (${list(count)})`,
  profiles: (dialect: Dialect, count: number) =>
    `SELECT "id", ${PROFILE_FIELDS.map((f) => `"${f}"`).join(", ")} FROM ${dialect.lookupBy("Contact", "primary key")} WHERE "id" IN (${list(count)}) AND ${dialect.unindexed(`"brandId"`)} = ?`,
};
const list = (n: number) => Array.from({ length: n }, () => "?").join(", ");

const key = (brandId: string, i: Identifier) => `${brandId}\u0000${i.type}\u0000${i.value}`;
/** The same contact data of one brand: written once per batch. */
const dataKey = (brandId: string, contact: EventContact) => `${brandId}\u0000${JSON.stringify(contact)}`;

type Profile = Partial<Record<ProfileField, unknown>>;

/** Whether writing `contact` would change nothing of `stored` (only profile fields, as the upsert stores them). */
function changesNothing(contact: EventContact, stored: Profile | undefined): boolean {
  const touchesMore = [contact.tags, contact.customProperties, contact.consents, contact.optIns, contact.optOuts].some(
    (v) => v !== undefined,
  );
  if (!stored || touchesMore) return false;
  return PROFILE_FIELDS.every((field) => {
    const value = contact[field];
    return value === undefined || (value === "" ? null : value) === stored[field];
  });
}

export class ContactResolver {
  private owners = new Map<string, string>();
  private profiles = new Map<string, Profile>();
  private upserted = new Map<string, string>();

  /**
   * Loads the owners of every identifier the batch names (one query per brand), on the writer's
   * connection (writerRead: its page cache is warm, the reader's is emptied by every commit).
   */
  async prefetch(items: { brandId: string; contact?: EventContact }[]): Promise<void> {
    const perBrand = new Map<string, Identifier[]>();
    for (const { brandId, contact } of items) {
      if (!contact) continue;
      perBrand.set(brandId, [...(perBrand.get(brandId) ?? []), ...identifiersOf(contact)]);
    }
    if (perBrand.size > 0) await writerRead((runner) => this.load(runner, perBrand));
  }

  private async load(runner: SqlRunner, perBrand: Map<string, Identifier[]>): Promise<void> {
    for (const [brandId, identifiers] of perBrand) {
      const emails = [...new Set(identifiers.filter((i) => i.type === "email").map((i) => i.value))];
      const phones = [...new Set(identifiers.filter((i) => i.type === "phone").map((i) => i.value))];
      const rows: { type: string; value: string; contactId: string }[] = [];
      for (const [type, values] of [
        ["email", emails],
        ["phone", phones],
      ] as const) {
        if (values.length === 0) continue;
        rows.push(
          ...(await runner.all<{ type: string; value: string; contactId: string }>(lookups.identifiers(runner.dialect, values.length), [
            brandId,
            type,
            ...values,
          ])),
        );
      }
      for (const r of rows) this.owners.set(key(brandId, { type: r.type as Identifier["type"], value: r.value }), r.contactId);
      await this.loadProfiles(runner, brandId, [...new Set(rows.map((r) => r.contactId))]);
    }
  }

  /** The profile fields of the batch's known contacts, to tell which events would change nothing. */
  private async loadProfiles(runner: SqlRunner, brandId: string, contactIds: string[]): Promise<void> {
    if (contactIds.length === 0) return;
    const rows = await runner.all<Profile & { id: string }>(lookups.profiles(runner.dialect, contactIds.length), [...contactIds, brandId]);
    for (const { id, ...profile } of rows) this.profiles.set(id, profile);
  }

  /**
   * Resolves the contacts of a batch's events (in the batch's order), concurrently so their upserts are
   * committed together (lib/db group commit), but in event order for events that share an identifier
   * or a known contact: a later event's contact data must be written after an earlier one's.
   */
  async resolveAll(items: { brandId: string; contact?: EventContact }[]): Promise<({ contactId: string | null } | { error: unknown })[]> {
    const created = await this.createNew(items);
    const last = new Map<string, Promise<unknown>>();
    return Promise.all(
      items.map(({ brandId, contact }, index) => {
        const identifiers = contact ? identifiersOf(contact) : [];
        const createdId = created.get(index);
        if (createdId) {
          const outcome = Promise.resolve({ contactId: createdId });
          for (const i of identifiers) last.set(key(brandId, i), outcome);
          return outcome;
        }
        // Chained by identifier, by the existing contact the identifiers belong to (prefetched) and by the
        // contact id an event names, so one event naming a contact by email and another by its phone or
        // its id are applied in order too.
        const owners = identifiers.flatMap((i) => this.owners.get(key(brandId, i)) ?? []);
        if (contact?.id) owners.push(contact.id);
        const keys = [...identifiers.map((i) => key(brandId, i)), ...owners.map((id) => `contact\u0000${id}`)];
        const before = keys.flatMap((k) => last.get(k) ?? []);
        const outcome = Promise.all(before)
          .then(() => this.resolve(brandId, contact, identifiers))
          .then(
            (contactId) => ({ contactId }),
            (error: unknown) => ({ error }),
          );
        for (const k of keys) last.set(k, outcome);
        return outcome;
      }),
    );
  }

  /**
   * Creates, per brand in one transaction, the contacts of the events that are the first in the batch to
   * name identifiers no contact has (shoppers never seen before): by index of the event, their ids.
   * Should another writer take one of the identifiers meanwhile, nothing is created here and those
   * events take the upsert one by one (resolve), which handles the race.
   */
  protected async createNew(items: { brandId: string; contact?: EventContact }[]): Promise<Map<number, string>> {
    const seen = new Set<string>();
    const perBrand = new Map<
      string,
      { index: number; contact: EventContact; identifiers: Identifier[]; input: ReturnType<typeof eventContactInput>["input"] }[]
    >();
    items.forEach(({ brandId, contact }, index) => {
      const identifiers = contact ? identifiersOf(contact) : [];
      const keys = identifiers.map((i) => key(brandId, i));
      const fresh = keys.length > 0 && keys.every((k) => !seen.has(k) && !this.owners.has(k));
      for (const k of keys) seen.add(k);
      if (!contact || !fresh) return;
      const { contactId: namedId, input } = eventContactInput(contact);
      if (namedId) return;
      const news = perBrand.get(brandId) ?? [];
      if (news.length === 0) perBrand.set(brandId, news);
      news.push({ index, contact, identifiers, input });
    });
    const created = new Map<number, string>();
    for (const [brandId, news] of perBrand) {
      let ids: string[];
      try {
        ids = await createContacts(
          brandId,
          news.map((n) => n.input),
          { source: "event" },
        );
      } catch {
        continue; // resolve() upserts them one by one
      }
      news.forEach(({ index, contact, identifiers }, i) => {
        created.set(index, ids[i]);
        this.remember(brandId, contact, identifiers, ids[i]);
      });
    }
    return created;
  }

  /** Records what a write of `contact` to `contactId` left, for the batch's later events. */
  private remember(brandId: string, contact: EventContact, identifiers: Identifier[], contactId: string): void {
    for (const i of identifiers) this.owners.set(key(brandId, i), contactId);
    this.upserted.set(dataKey(brandId, contact), contactId);
    const written: Profile = { ...this.profiles.get(contactId) };
    for (const field of PROFILE_FIELDS) {
      const value: unknown = contact[field];
      if (value !== undefined) written[field] = value === "" ? null : value;
    }
    this.profiles.set(contactId, written);
  }

  /** The contact id of the event's contact (created or updated as needed); null when it names none. */
  async resolve(
    brandId: string,
    contact: EventContact | undefined,
    identifiers = contact ? identifiersOf(contact) : [],
  ): Promise<string | null> {
    if (!contact) return null;
    const { contactId: namedId, input, identifiersOnly } = eventContactInput(contact);
    const owners = new Set(identifiers.map((i) => this.owners.get(key(brandId, i))));
    if (owners.size === 1 && !namedId) {
      const [owner] = owners;
      if (owner && (identifiersOnly || changesNothing(contact, this.profiles.get(owner)))) return owner;
    }
    // The same contact data twice in one batch (a burst of events for one contact) is written once.
    const known = this.upserted.get(dataKey(brandId, contact));
    if (known) return known;
    // upsertContactId writes through lib/db's group commit itself.
    const { contactId } = await upsertContactId(brandId, input, { source: "event", contactId: namedId });
    this.remember(brandId, contact, identifiers, contactId);
    return contactId;
  }
}
