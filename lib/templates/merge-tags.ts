// Merge tags (personalization tags, written [[path]] or [[path | default]]): the one list the renderer,
// the pre-send checks, the HTML import and the editor's merge-tag picker share. No imports, so the
// browser bundle can take it without pulling in server code.

export type MergeTagGroup = "contact" | "links" | "brand";

export type MergeTag = {
  /** What goes between the brackets, e.g. "contact.first_name" */
  path: string;
  /** The marketer's name for it (picker, chips, checks) */
  label: string;
  group: MergeTagGroup;
  /** url: a link's address (put it in an href); text: shown as text */
  kind: "text" | "url";
  /** A recipient may have no value: the tag should carry a default ([[path | default]]) */
  needsFallback: boolean;
  /** What the picker shows as an example value */
  example: string;
  /** contact tags only: the contact record's key the value is read from */
  contactKey?: string;
};

/** Contact fields, by snake_case name (the API contract's tag names), with the contact record key each reads. */
export const CONTACT_MERGE_TAGS = [
  { path: "contact.first_name", label: "First name", contactKey: "firstName", example: "Alex", needsFallback: true },
  { path: "contact.last_name", label: "Last name", contactKey: "lastName", example: "Sample", needsFallback: true },
  { path: "contact.email", label: "Email address", contactKey: "email", example: "alex@example.com", needsFallback: false },
  { path: "contact.phone", label: "Phone number", contactKey: "phone", example: "+15555550100", needsFallback: true },
  { path: "contact.gender", label: "Gender", contactKey: "gender", example: "f", needsFallback: true },
  { path: "contact.birthdate", label: "Birthday", contactKey: "birthdate", example: "1990-04-01", needsFallback: true },
  { path: "contact.address", label: "Street address", contactKey: "address", example: "1 Main Street", needsFallback: true },
  { path: "contact.city", label: "City", contactKey: "city", example: "Springfield", needsFallback: true },
  { path: "contact.state", label: "State", contactKey: "state", example: "Oregon", needsFallback: true },
  { path: "contact.country", label: "Country", contactKey: "country", example: "United States", needsFallback: true },
  { path: "contact.country_code", label: "Country code", contactKey: "countryCode", example: "US", needsFallback: true },
  { path: "contact.postal_code", label: "Postal code", contactKey: "postalCode", example: "97403", needsFallback: true },
  { path: "contact.id", label: "Contact ID", contactKey: "id", example: "65a1f0c2e4b0a1b2c3d4e5f6", needsFallback: false },
].map((t) => ({ ...t, group: "contact" as const, kind: "text" as const })) satisfies MergeTag[];

/** Tags Inkwell fills for every email: per-recipient links and the brand's details. */
export const SYSTEM_MERGE_TAGS = [
  { path: "message.unsubscribe_url", label: "Unsubscribe link", group: "links", kind: "url", example: "https://inkwell.example.com/email/unsubscribe/…" },
  { path: "message.preferences_url", label: "Preferences link", group: "links", kind: "url", example: "https://inkwell.example.com/email/preferences/…" },
  { path: "message.view_in_browser_url", label: "View in browser link", group: "links", kind: "url", example: "https://inkwell.example.com/email/view/…" },
  { path: "brand.name", label: "Brand name", group: "brand", kind: "text", example: "Acme Store" },
  { path: "brand.postal_address", label: "Postal address", group: "brand", kind: "text", example: "1 Main Street, Springfield" },
].map((t) => ({ ...t, needsFallback: false })) as MergeTag[];

export const MERGE_TAGS: readonly MergeTag[] = [...CONTACT_MERGE_TAGS, ...SYSTEM_MERGE_TAGS];

export const MERGE_TAG_GROUPS: Record<MergeTagGroup, string> = { contact: "Contact", links: "Links", brand: "Brand" };

/** A contact's custom property: [[contact.custom_properties.KEY]]. */
export const CUSTOM_PROPERTY_PREFIX = "contact.custom_properties.";
export const customPropertyPath = (key: string) => `${CUSTOM_PROPERTY_PREFIX}${key}`;

export const UNSUBSCRIBE_TAG = "message.unsubscribe_url";
export const PREFERENCES_TAG = "message.preferences_url";
export const VIEW_IN_BROWSER_TAG = "message.view_in_browser_url";

export function mergeTagByPath(path: string): MergeTag | undefined {
  return MERGE_TAGS.find((t) => t.path === path);
}

/** The tag as written in a document; brackets in the default are dropped (they would end the tag). */
export function mergeTagText(path: string, fallback?: string): string {
  const tail = fallback && fallback.trim() ? ` | ${fallback.trim().replace(/[[\]]/g, "")}` : "";
  return `[[${path}${tail}]]`;
}
