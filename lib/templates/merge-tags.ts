// Merge tags (personalization tags, written [[path]] or [[path | default]]): the one list the renderer,
// the pre-send checks, the HTML import and the editor (merge-tag picker, chips, link dialog, condition
// picker) share. No imports, so the browser bundle can take it without pulling in server code.

export type MergeTagGroup = "contact" | "custom" | "links" | "brand";

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
  /** url tags: the words of the link the editor inserts */
  linkText?: string;
  /** One line the picker shows under the name */
  description?: string;
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
export const SYSTEM_MERGE_TAGS: readonly MergeTag[] = [
  {
    path: "message.unsubscribe_url",
    label: "Unsubscribe link",
    group: "links",
    kind: "url",
    example: "https://inkwell.example.com/email/unsubscribe/…",
    linkText: "Unsubscribe",
    description: "Lets the recipient stop receiving emails",
  },
  {
    path: "message.preferences_url",
    label: "Preferences link",
    group: "links",
    kind: "url",
    example: "https://inkwell.example.com/email/preferences/…",
    linkText: "Manage preferences",
    description: "Lets the recipient choose what they receive",
  },
  {
    path: "message.view_in_browser_url",
    label: "View in browser link",
    group: "links",
    kind: "url",
    example: "https://inkwell.example.com/email/view/…",
    linkText: "View in your browser",
    description: "Opens this email as a web page",
  },
  {
    path: "brand.name",
    label: "Brand name",
    group: "brand",
    kind: "text",
    example: "Acme Store",
    description: "Your brand's name from its settings",
  },
  {
    path: "brand.postal_address",
    label: "Postal address",
    group: "brand",
    kind: "text",
    example: "1 Main Street, Springfield",
    description: "Your postal address from the brand settings (required by anti-spam laws)",
  },
].map((t) => ({ ...t, group: t.group as MergeTagGroup, kind: t.kind as MergeTag["kind"], needsFallback: false }));

export const MERGE_TAGS: readonly MergeTag[] = [...CONTACT_MERGE_TAGS, ...SYSTEM_MERGE_TAGS];

export const MERGE_TAG_GROUPS: Record<MergeTagGroup, string> = {
  contact: "Contact",
  custom: "Custom property",
  links: "Links",
  brand: "Brand",
};

/** A contact's custom property: [[contact.custom_properties.KEY]]. */
export const CUSTOM_PROPERTY_PREFIX = "contact.custom_properties.";
export const customPropertyPath = (key: string) => `${CUSTOM_PROPERTY_PREFIX}${key}`;

export const UNSUBSCRIBE_TAG = "message.unsubscribe_url";
export const PREFERENCES_TAG = "message.preferences_url";
export const VIEW_IN_BROWSER_TAG = "message.view_in_browser_url";

/** A custom property's tag; keys are kept to letters, digits, `_` and `-` (what a tag path allows). */
export function customPropertyTag(key: string): MergeTag {
  const clean = key.trim().replace(/[^A-Za-z0-9_-]/g, "_");
  return { path: customPropertyPath(clean), label: clean, group: "custom", kind: "text", needsFallback: true, example: "" };
}

const BY_PATH = new Map(MERGE_TAGS.map((t) => [t.path, t]));

/** The tag of a path (custom properties included), or undefined for item.* of dynamic lists and unknown paths. */
export function mergeTagByPath(path: string): MergeTag | undefined {
  if (path.startsWith(CUSTOM_PROPERTY_PREFIX) && path.length > CUSTOM_PROPERTY_PREFIX.length)
    return customPropertyTag(path.slice(CUSTOM_PROPERTY_PREFIX.length));
  return BY_PATH.get(path);
}

/** How a tag reads on a chip: "First name", "tier", "Unsubscribe link"; unknown paths as written. */
export function mergeTagLabel(path: string): string {
  return mergeTagByPath(path)?.label ?? path;
}

/** The tag as written in a document; brackets in the default are dropped (they would end the tag). */
export function mergeTagText(path: string, fallback?: string): string {
  const tail = fallback && fallback.trim() ? ` | ${fallback.trim().replace(/[[\]]/g, "")}` : "";
  return `[[${path}${tail}]]`;
}

/** Every well-formed [[path | default]] in a text (the renderer's syntax: lib/templates/render/tags.ts). */
export const MERGE_TAG_PATTERN = /\[\[\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\s*(?:\|\s*([^\]]*?)\s*)?\]\]/g;

export function parseMergeTag(raw: string): { path: string; fallback?: string } | null {
  const m = new RegExp(`^${MERGE_TAG_PATTERN.source}$`).exec(raw.trim());
  return m ? { path: m[1], fallback: m[2] || undefined } : null;
}
