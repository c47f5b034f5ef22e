// A current contact record in v4's shape: top-level email and phoneNumber, optIns/optOuts, consents.
import { CHANNEL_OF } from "@/lib/contacts/identifiers";
import { PROFILE_FIELDS } from "@/lib/contacts/profile-fields";
import type { ContactRecord } from "@/lib/contacts/schemas";
import type { V4Contact } from "./schemas";

export function toV4Contact(record: ContactRecord): V4Contact {
  const { id, email, phone, identifiers, tags, customProperties, createdAt, updatedAt } = record;
  const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, record[field] ?? null])) as Pick<
    V4Contact,
    (typeof PROFILE_FIELDS)[number]
  >;
  // v4 had one email and one phone: the primary (first) identifier of each type.
  const primary = [identifiers.find((i) => i.type === "email"), identifiers.find((i) => i.type === "phone")].filter((i) => i !== undefined);
  const withStatus = (status: string) =>
    primary.flatMap((i) => {
      const channel = CHANNEL_OF[i.type];
      const state = i.channels[channel];
      return state?.status === status ? [{ channel, createdAt: state.statusChangedAt }] : [];
    });
  return {
    contactID: id,
    email: email ?? null,
    phoneNumber: phone[0] ?? null,
    optIns: withStatus("subscribed"),
    optOuts: withStatus("unsubscribed"),
    consents: primary.flatMap((i) => (i.consent ? [{ channel: CHANNEL_OF[i.type], ...i.consent }] : [])),
    ...profile,
    tags,
    customProperties,
    createdAt,
    updatedAt,
  };
}
