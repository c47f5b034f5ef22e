// The contact form's model: drafts as the inputs hold them, the API body built from them (all of it
// for a new contact, only what changed for PATCH), and the API's field errors mapped back to inputs.
import { fieldMessage, labelled } from "@/components/ui/messages";
import type { ApiFieldError } from "@/lib/client/api-fetch";
import { PROFILE_LABELS } from "./profile-fields";
import type { Channel, Contact, ContactStatus, IdentifierType } from "./types";

export type IdentifierDraft = {
  /** already stored: its type and address are its key for PATCH, so they cannot change */
  existing: boolean;
  type: IdentifierType;
  id: string;
  status: ContactStatus | "";
  consentSource: string;
  consentIp: string;
  consentUserAgent: string;
  sendWelcomeMessage: boolean;
};
export type CustomDraft = { key: string; value: string; valueType: "string" | "number" | "boolean" };
export type ProfileName = (typeof PROFILE_LABELS)[number]["name"];
export type ContactDraft = { identifiers: IdentifierDraft[]; profile: Record<ProfileName, string>; tags: string[]; custom: CustomDraft[] };

const CHANNEL_OF: Record<IdentifierType, Channel> = { email: "email", phone: "sms" };

export const newIdentifier = (type: IdentifierType = "email"): IdentifierDraft => ({
  existing: false,
  type,
  id: "",
  status: "",
  consentSource: "",
  consentIp: "",
  consentUserAgent: "",
  sendWelcomeMessage: true,
});

const emptyProfile = () => Object.fromEntries(PROFILE_LABELS.map((f) => [f.name, ""])) as Record<ProfileName, string>;

export const emptyDraft = (): ContactDraft => ({ identifiers: [newIdentifier("email")], profile: emptyProfile(), tags: [], custom: [] });

export function draftFromContact(contact: Contact): ContactDraft {
  return {
    identifiers: contact.identifiers.map((i) => ({
      existing: true,
      type: i.type,
      id: i.id,
      status: i.channels[CHANNEL_OF[i.type]]?.status ?? "",
      consentSource: i.consent?.source ?? "",
      consentIp: i.consent?.ip ?? "",
      consentUserAgent: i.consent?.userAgent ?? "",
      sendWelcomeMessage: i.sendWelcomeMessage,
    })),
    profile: Object.fromEntries(PROFILE_LABELS.map((f) => [f.name, contact[f.name] ?? ""])) as Record<ProfileName, string>,
    tags: [...contact.tags],
    custom: Object.entries(contact.customProperties).map(([key, value]) => ({
      key,
      value: String(value),
      valueType: typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string",
    })),
  };
}

/** The body to send, and for each identifier sent, the form row it came from (for error pointers). */
export type Built = { body: Record<string, unknown>; identifierRows: number[] };

function identifierBody(draft: IdentifierDraft, original: IdentifierDraft | undefined): Record<string, unknown> | null {
  const body: Record<string, unknown> = { type: draft.type, id: draft.id.trim() };
  let changed = !original;
  if (draft.status && draft.status !== original?.status) {
    body.channels = { [CHANNEL_OF[draft.type]]: { status: draft.status } };
    changed = true;
  }
  const consentChanged =
    !original ||
    draft.consentSource !== original.consentSource ||
    draft.consentIp !== original.consentIp ||
    draft.consentUserAgent !== original.consentUserAgent;
  if (consentChanged && (draft.consentSource.trim() || draft.consentIp.trim() || draft.consentUserAgent.trim())) {
    body.consent = {
      source: draft.consentSource.trim(),
      ...(draft.consentIp.trim() ? { ip: draft.consentIp.trim() } : {}),
      ...(draft.consentUserAgent.trim() ? { userAgent: draft.consentUserAgent.trim() } : {}),
    };
    changed = true;
  }
  if (!original ? !draft.sendWelcomeMessage : draft.sendWelcomeMessage !== original.sendWelcomeMessage) {
    body.sendWelcomeMessage = draft.sendWelcomeMessage;
    changed = true;
  }
  return changed ? body : null;
}

function customValue(row: CustomDraft): string | number | boolean {
  if (row.valueType === "boolean") return row.value === "true";
  if (row.valueType === "number" && row.value.trim() !== "" && Number.isFinite(Number(row.value))) return Number(row.value);
  return row.value;
}

/** POST body for a new contact: every filled-in field. */
export function buildCreate(draft: ContactDraft): Built {
  const identifierRows = draft.identifiers.map((_, i) => i);
  const body: Record<string, unknown> = { identifiers: draft.identifiers.map((i) => identifierBody(i, undefined)) };
  for (const [name, value] of Object.entries(draft.profile)) if (value.trim()) body[name] = value.trim();
  if (draft.tags.length) body.tags = draft.tags;
  const rows = draft.custom.filter((r) => r.key.trim());
  if (rows.length) body.customProperties = Object.fromEntries(rows.map((r) => [r.key.trim(), customValue(r)]));
  return { body, identifierRows };
}

/** PATCH body: only what differs from the stored contact (identifiers merge by type and address,
 * an emptied profile field is sent as null, a removed custom property as null). */
export function buildPatch(original: ContactDraft, draft: ContactDraft): Built {
  const body: Record<string, unknown> = {};
  const identifierRows: number[] = [];
  const identifiers: Record<string, unknown>[] = [];
  draft.identifiers.forEach((identifier, row) => {
    const before = identifier.existing ? original.identifiers.find((o) => o.type === identifier.type && o.id === identifier.id) : undefined;
    const built = identifierBody(identifier, before);
    if (built) {
      identifiers.push(built);
      identifierRows.push(row);
    }
  });
  if (identifiers.length) body.identifiers = identifiers;
  for (const name of Object.keys(draft.profile) as ProfileName[]) {
    const value = draft.profile[name].trim();
    if (value !== original.profile[name]) body[name] = value === "" ? null : value;
  }
  if (draft.tags.join("\u0000") !== original.tags.join("\u0000")) body.tags = draft.tags;
  const custom: Record<string, unknown> = {};
  const kept = new Set<string>();
  for (const row of draft.custom) {
    const key = row.key.trim();
    if (!key) continue;
    kept.add(key);
    const before = original.custom.find((o) => o.key === key);
    const value = customValue(row);
    if (!before || customValue(before) !== value) custom[key] = value;
  }
  for (const before of original.custom) if (!kept.has(before.key)) custom[before.key] = null;
  if (Object.keys(custom).length) body.customProperties = custom;
  return { body, identifierRows };
}

/** Form input names: "firstName", "identifiers.0.id", "identifiers.0.consentSource", "tags", "custom.2", "form". */
export type FieldErrors = Record<string, string[]>;

const IDENTIFIER_FIELD: Record<string, keyof IdentifierDraft> = {
  type: "id",
  id: "id",
  channels: "status",
  consent: "consentSource",
  sendWelcomeMessage: "sendWelcomeMessage",
};
const CONSENT_FIELD: Record<string, keyof IdentifierDraft> = {
  source: "consentSource",
  createdAt: "consentSource",
  ip: "consentIp",
  userAgent: "consentUserAgent",
};

/** Where an API error belongs in the form, from its RFC 6901 pointer into the body that was sent. */
export function inputForPointer(pointer: string, draft: ContactDraft, built: Built): string {
  const parts = pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  const [head, second, third, fourth] = parts;
  if (head === "identifiers") {
    if (second === undefined) return "identifiers";
    const row = built.identifierRows[Number(second)];
    if (row === undefined) return "identifiers";
    const field = third === "consent" && fourth ? CONSENT_FIELD[fourth] : IDENTIFIER_FIELD[third ?? "id"];
    return `identifiers.${row}.${field ?? "id"}`;
  }
  if (head === "tags") return "tags";
  if (head === "customProperties") {
    const row = second === undefined ? -1 : draft.custom.findIndex((r) => r.key.trim() === second);
    return row >= 0 ? `custom.${row}` : "custom";
  }
  if (head && PROFILE_LABELS.some((f) => f.name === head)) return head;
  return "form";
}

export function mapFieldErrors(errors: ApiFieldError[], draft: ContactDraft, built: Built): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const input = inputForPointer(error.pointer, draft, built);
    const tagIndex = /^\/tags\/(\d+)/.exec(error.pointer)?.[1];
    // A tag's error names the tag: "“vip”: this tag is already in the list."
    const customKey = /^\/customProperties\/[^/]+$/.test(error.pointer) && error.code === "invalid_format";
    const message =
      tagIndex !== undefined
        ? labelled(`“${String((built.body.tags as string[] | undefined)?.[Number(tagIndex)] ?? "")}”`, fieldMessage(error, { noun: "tag" }))
        : fieldMessage(error, customKey ? { noun: "custom property", input: "key" } : {});
    (result[input] ??= []).push(message);
  }
  return result;
}
