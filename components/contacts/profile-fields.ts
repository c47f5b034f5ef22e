// The contact's profile fields in the order people read them, with their labels.
import type { ProfileField } from "@/lib/contacts/profile-fields";
import type { Contact } from "./types";

export const PROFILE_LABELS: { name: ProfileField & keyof Contact; label: string }[] = [
  { name: "firstName", label: "First name" },
  { name: "lastName", label: "Last name" },
  { name: "gender", label: "Gender" },
  { name: "birthdate", label: "Birthdate" },
  { name: "address", label: "Address" },
  { name: "city", label: "City" },
  { name: "state", label: "State" },
  { name: "postalCode", label: "Postal code" },
  { name: "country", label: "Country" },
  { name: "countryCode", label: "Country code" },
];
