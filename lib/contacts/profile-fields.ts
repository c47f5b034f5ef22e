// The contact's profile fields: the one list the API's schemas, the SQL, segment conditions and the
// dashboard share. No imports, so the browser bundle can take it without pulling in server code.
export const PROFILE_FIELDS = [
  "firstName",
  "lastName",
  "gender",
  "birthdate",
  "address",
  "city",
  "state",
  "country",
  "countryCode",
  "postalCode",
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** How people read each profile field (the contacts pages, the editor's merge tags and conditions). */
export const PROFILE_FIELD_LABELS: Record<ProfileField, string> = {
  firstName: "First name",
  lastName: "Last name",
  gender: "Gender",
  birthdate: "Birthdate",
  address: "Address",
  city: "City",
  state: "State",
  country: "Country",
  countryCode: "Country code",
  postalCode: "Postal code",
};
