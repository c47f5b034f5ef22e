// Personalization tags: [[contact.first_name]], [[contact.custom_properties.KEY]], [[contact.first_name | there]].
// Tags are parsed once when a template is compiled; values are looked up per recipient. System tags
// (message.*: per-recipient links; brand.*: the brand's details) are the ones in lib/templates/merge-tags.ts.
import { CONTACT_MERGE_TAGS, SYSTEM_MERGE_TAGS } from "@/lib/templates/merge-tags";

const SYSTEM_PATHS = new Set(SYSTEM_MERGE_TAGS.map((t) => t.path));
/** Tags only Inkwell's own emails use (a signup form's confirmation link, lib/forms): filled, not offered in the editor. */
const INTERNAL_PATHS = new Set(["message.confirm_url"]);

/** A tag as written: the dotted path and the optional default after the pipe. */
export type Tag = { raw: string; path: string; fallback?: string };

// The path is letters, digits, `_`, `-` and dots; anything else between the brackets is not a tag we know.
const TAG = /\[\[\s*([^\]|]*?)\s*(?:\|\s*([^\]]*?)\s*)?\]\]/g;
const PATH = /^[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*$/;

/**
 * Contact fields a tag may name (snake_case), mapped to the contact record's keys: from the shared list
 * (lib/templates/merge-tags.ts). No prototype, so `name in CONTACT_FIELDS` is true only for fields.
 */
export const CONTACT_FIELDS: Readonly<Record<string, keyof RecipientContact>> = Object.assign(
  Object.create(null) as Record<string, keyof RecipientContact>,
  Object.fromEntries(CONTACT_MERGE_TAGS.map((t) => [t.path.slice("contact.".length), t.contactKey as keyof RecipientContact])),
);

/** What a tag can be filled from; `item` exists only inside a dynamic_list section. */
export type TagScope = { inDynamicList: boolean };

export function findTags(text: string): Array<Tag & { index: number }> {
  const out: Array<Tag & { index: number }> = [];
  for (const m of text.matchAll(TAG)) {
    out.push({ raw: m[0], path: m[1], fallback: m[2] === undefined ? undefined : m[2], index: m.index });
  }
  return out;
}

/** Why a tag cannot be filled, or null when it is one we know. */
export function unknownTagReason(tag: Tag, scope: TagScope): string | null {
  if (!PATH.test(tag.path)) return "is not a valid tag path";
  const [root, ...rest] = tag.path.split(".");
  if (root === "contact") {
    if (rest.length === 1 && rest[0] in CONTACT_FIELDS) return null;
    if (rest[0] === "custom_properties" && rest.length === 2) return null;
    if (rest[0] === "custom_properties") return "names a custom property without a key (use contact.custom_properties.KEY)";
    return `names an unknown contact field${rest.length ? ` "${rest.join(".")}"` : ""}`;
  }
  if (root === "message" || root === "brand") {
    if (SYSTEM_PATHS.has(tag.path) || INTERNAL_PATHS.has(tag.path)) return null;
    const known = SYSTEM_MERGE_TAGS.filter((t) => t.path.startsWith(`${root}.`)).map((t) => t.path.slice(root.length + 1));
    return `names an unknown ${root} value${rest.length ? ` "${rest.join(".")}"` : ""} (known: ${known.join(", ")})`;
  }
  if (root === "item") {
    if (!scope.inDynamicList) return "uses item.* outside a dynamic_list section";
    return rest.length > 0 ? null : "names no item property";
  }
  return `has an unknown namespace "${root}" (known: contact, message, brand${scope.inDynamicList ? ", item" : ""})`;
}

export type RecipientContact = {
  id?: string | null;
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  gender?: string | null;
  birthdate?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  countryCode?: string | null;
  postalCode?: string | null;
  customProperties?: Record<string, unknown> | null;
};

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** Reads a dotted path in a plain object; arrays and objects at the end are not printable. */
export function readPath(source: unknown, path: string[]): string | undefined {
  let at: unknown = source;
  for (const key of path) {
    if (at === null || typeof at !== "object") return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return scalar(at);
}

/** The value of a contact.* path for a recipient, or undefined when the recipient has none. */
export function contactValue(contact: RecipientContact, path: string[]): string | undefined {
  if (path[0] === "custom_properties") return readPath(contact.customProperties ?? {}, path.slice(1));
  const key = path.length === 1 ? CONTACT_FIELDS[path[0]] : undefined;
  return key ? scalar(contact[key]) : undefined;
}

/** Decodes the few entities a sanitized HTML default can carry, so it is escaped once, not twice. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp));/gi, (m, dec, hex, name) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" } as Record<string, string>)[name.toLowerCase()] ?? m;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|#|\/)/i;

/** A value placed where a URL goes: only http(s), mailto: and tel: (or relative) URLs get through. */
export function safeUrl(value: string): string {
  const trimmed = value.trim();
  return SAFE_URL.test(trimmed) && !/[\u0000-\u001f\u007f<>"]/.test(trimmed) ? trimmed : "#";
}
