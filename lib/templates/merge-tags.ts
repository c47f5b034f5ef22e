// Merge tags a template may hold, in the one list the editor's picker and the renderer share: the contact's
// fields (its email and phone identifiers and the profile fields of lib/contacts/profile-fields.ts), its
// custom properties (any key), and the system tags the renderer fills per recipient and brand. No server
// imports: the browser bundle takes this file.
import { PROFILE_FIELDS, PROFILE_FIELD_LABELS, type ProfileField } from "@/lib/contacts/profile-fields";

export type MergeTagKind = "text" | "url";
export type MergeTagGroup = "contact" | "custom" | "system";
export type MergeTagSpec = {
  /** The dotted path written between the brackets: [[contact.first_name]]. */
  path: string;
  label: string;
  group: MergeTagGroup;
  /** url: the tag stands for a link target (use it as a link's address); text: it prints text. */
  kind: MergeTagKind;
  /** The words of the link the picker inserts for a url tag. */
  linkText?: string;
  description?: string;
};

/** firstName → first_name: tags name contact fields in snake_case. */
export function snakeCase(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const profileTag = (field: ProfileField): MergeTagSpec => ({ path: `contact.${snakeCase(field)}`, label: PROFILE_FIELD_LABELS[field], group: "contact", kind: "text" });

export const CONTACT_TAGS: readonly MergeTagSpec[] = [
  { path: "contact.email", label: "Email", group: "contact", kind: "text" },
  { path: "contact.phone", label: "Phone", group: "contact", kind: "text" },
  ...PROFILE_FIELDS.map(profileTag),
];

/** Tags the renderer fills for every recipient from the brand's settings and the send. */
export const SYSTEM_TAGS: readonly MergeTagSpec[] = [
  { path: "links.unsubscribe", label: "Unsubscribe link", group: "system", kind: "url", linkText: "Unsubscribe", description: "Lets the recipient stop receiving emails" },
  { path: "links.preferences", label: "Preferences link", group: "system", kind: "url", linkText: "Manage preferences", description: "Lets the recipient choose what they receive" },
  { path: "links.view_in_browser", label: "View in browser link", group: "system", kind: "url", linkText: "View in your browser", description: "Opens this email as a web page" },
  { path: "brand.name", label: "Brand name", group: "system", kind: "text", description: "Your brand's name from its settings" },
  { path: "brand.address", label: "Brand postal address", group: "system", kind: "text", description: "Your postal address from the brand settings (required by anti-spam laws)" },
];

export const CUSTOM_PREFIX = "contact.custom_properties.";

/** A custom property's tag spec; keys are kept to letters, digits, `_` and `-` (what a tag path allows). */
export function customTag(key: string): MergeTagSpec {
  const clean = key.trim().replace(/[^A-Za-z0-9_-]/g, "_");
  return { path: `${CUSTOM_PREFIX}${clean}`, label: clean, group: "custom", kind: "text" };
}

const KNOWN = new Map([...CONTACT_TAGS, ...SYSTEM_TAGS].map((t) => [t.path, t]));

/** The spec of a tag path, or undefined when it is none we list (item.* of dynamic lists, unknown ones). */
export function mergeTagSpec(path: string): MergeTagSpec | undefined {
  if (path.startsWith(CUSTOM_PREFIX) && path.length > CUSTOM_PREFIX.length) return customTag(path.slice(CUSTOM_PREFIX.length));
  return KNOWN.get(path);
}

/** How a tag reads on a chip: "First name", "tier", "Unsubscribe link"; unknown paths as written. */
export function mergeTagLabel(path: string): string {
  return mergeTagSpec(path)?.label ?? path;
}

/** The tag as written in content: [[path]] or [[path | fallback]] (brackets and pipes dropped from the fallback). */
export function mergeTag(path: string, fallback?: string): string {
  const tail = fallback && fallback.trim() ? ` | ${fallback.trim().replace(/[[\]|]/g, "")}` : "";
  return `[[${path}${tail}]]`;
}

/** Every [[path | fallback]] in a text, with where it starts (the renderer's syntax: lib/templates/render/tags.ts). */
export const MERGE_TAG_PATTERN = /\[\[\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)\s*(?:\|\s*([^\]]*?)\s*)?\]\]/g;

export function parseMergeTag(raw: string): { path: string; fallback?: string } | null {
  const m = new RegExp(`^${MERGE_TAG_PATTERN.source}$`).exec(raw.trim());
  return m ? { path: m[1], fallback: m[2] || undefined } : null;
}
