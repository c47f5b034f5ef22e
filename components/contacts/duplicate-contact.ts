// "Add contact" with an email or phone that already belongs to someone: the API upserts (the contact
// owning the email, else the phone, is updated), so the form asks first. This finds that owner the way
// the upsert would and lists what the create body would change on them.
import { PROFILE_LABELS } from "./profile-fields";
import type { Contact } from "./types";

export type FieldChange = { field: string; before: string; after: string };

type IdentifierBody = { type: "email" | "phone"; id: string; channels?: Record<string, { status: string }> };

/** The identifiers of a create body, emails first (the upsert's order of precedence). */
export function lookupOrder(body: Record<string, unknown>): IdentifierBody[] {
  const identifiers = ((body.identifiers as (IdentifierBody | null)[] | undefined) ?? []).filter((i): i is IdentifierBody =>
    Boolean(i?.id),
  );
  return [...identifiers.filter((i) => i.type === "email"), ...identifiers.filter((i) => i.type === "phone")];
}

const show = (value: unknown): string =>
  value === undefined || value === null || value === "" ? "—" : Array.isArray(value) ? value.join(", ") || "—" : String(value);

/** What POSTing `body` would change on `existing`: profile fields, tags (replaced), custom properties (merged), identifiers added. */
export function upsertChanges(existing: Contact, body: Record<string, unknown>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const { name, label } of PROFILE_LABELS) {
    if (body[name] === undefined) continue;
    if (show(body[name]) !== show(existing[name])) changes.push({ field: label, before: show(existing[name]), after: show(body[name]) });
  }
  if (Array.isArray(body.tags) && [...body.tags].sort().join("\u0000") !== [...existing.tags].sort().join("\u0000")) {
    changes.push({ field: "Tags", before: show(existing.tags), after: show(body.tags) });
  }
  for (const [key, value] of Object.entries((body.customProperties as Record<string, unknown> | undefined) ?? {})) {
    if (show(existing.customProperties[key]) !== show(value))
      changes.push({ field: key, before: show(existing.customProperties[key]), after: show(value) });
  }
  for (const identifier of lookupOrder(body)) {
    // Emails compare case-insensitively; phones without their spacing (the API stores them in E.164).
    const typed = identifier.type === "phone" ? identifier.id.replace(/[\s().-]/g, "") : identifier.id.trim().toLowerCase();
    const have = existing.identifiers.find((i) => i.type === identifier.type && i.id.toLowerCase() === typed);
    if (!have) changes.push({ field: identifier.type === "email" ? "Email added" : "Phone added", before: "—", after: identifier.id });
  }
  return changes;
}
