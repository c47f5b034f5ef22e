// The contact's profile fields in the order people read them, with their labels.
import { PROFILE_FIELD_LABELS, type ProfileField } from "@/lib/contacts/profile-fields";
import type { Contact } from "./types";

const ORDER: (ProfileField & keyof Contact)[] = [
  "firstName",
  "lastName",
  "gender",
  "birthdate",
  "address",
  "city",
  "state",
  "postalCode",
  "country",
  "countryCode",
];

export const PROFILE_LABELS: { name: ProfileField & keyof Contact; label: string }[] = ORDER.map((name) => ({
  name,
  label: PROFILE_FIELD_LABELS[name],
}));
