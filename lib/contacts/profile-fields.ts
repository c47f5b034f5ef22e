// The contact's profile fields: the one list the API's schemas, the SQL, segment conditions and the
// dashboard share. No imports, so the browser bundle can take it without pulling in server code.
export const PROFILE_FIELDS = ["firstName", "lastName", "gender", "birthdate", "address", "city", "state", "country", "countryCode", "postalCode"] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number];
