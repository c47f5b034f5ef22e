// Personalization tags the rich-text menu inserts (API-CONTRACT.md: [[contact.field | default]]).
export const CONTACT_FIELDS = [
  { key: "first_name", label: "First name" },
  { key: "last_name", label: "Last name" },
  { key: "email", label: "Email" },
  { key: "city", label: "City" },
  { key: "country", label: "Country" },
  { key: "birthdate", label: "Birthdate" },
] as const;

export function personalizationTag(field: string, fallback?: string): string {
  const tail = fallback && fallback.trim() ? ` | ${fallback.trim().replace(/[[\]]/g, "")}` : "";
  return `[[contact.${field}${tail}]]`;
}
