// Who may be sent a message (docs/delivery.md "Eligibility"): checked when a message is enqueued and
// again when the worker picks it up. Read for a chunk of contacts at a time: their primary email address
// and its channel status, and the brand's suppressions of those addresses.
import { createHash } from "node:crypto";
import type { SqlRunner } from "@/lib/db/sql";
import type { SendingThreshold } from "./schemas";

export type RecipientState = {
  exists: boolean;
  /** the contact's primary (first) email address */
  email: string | null;
  /** its email channel status */
  status: string | null;
  /** the suppression of that address, if any */
  suppression: string | null;
};

export type Verdict = { status: "queued"; reason: null } | { status: "skipped" | "suppressed"; reason: string };

export function decide(state: RecipientState, threshold: SendingThreshold): Verdict {
  if (!state.exists) return { status: "skipped", reason: "contact-missing" };
  if (!state.email) return { status: "skipped", reason: "no-email" };
  if (state.suppression) return { status: "suppressed", reason: state.suppression };
  if (state.status === "subscribed" || threshold === "all") return { status: "queued", reason: null };
  if (state.status === "unsubscribed") return { status: "suppressed", reason: "unsubscribed" };
  return threshold === "nonSubscribed" ? { status: "queued", reason: null } : { status: "skipped", reason: "not-subscribed" };
}

export function addressHash(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

export const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** The brand's suppressions (reason by address hash) among these addresses. */
export async function suppressionsOf(runner: SqlRunner, brandId: string, emails: string[]): Promise<Map<string, string>> {
  const hashes = [...new Set(emails.map(addressHash))];
  if (hashes.length === 0) return new Map();
  const rows = await runner.all<{ addressHash: string; reason: string }>(
    `SELECT "addressHash", "reason" FROM "Suppression" WHERE "brandId" = ? AND "addressHash" IN (${placeholders(hashes.length)})`,
    [brandId, ...hashes],
  );
  return new Map(rows.map((r) => [r.addressHash, r.reason]));
}

/** Each contact's state (contacts of another brand or none at all read as missing). */
export async function recipientStates(runner: SqlRunner, brandId: string, contactIds: string[]): Promise<Map<string, RecipientState>> {
  const ids = [...new Set(contactIds)];
  const states = new Map<string, RecipientState>(ids.map((id) => [id, { exists: false, email: null, status: null, suppression: null }]));
  if (ids.length === 0) return states;
  const [contacts, identifiers] = await Promise.all([
    runner.all<{ id: string }>(`SELECT "id" FROM "Contact" WHERE "brandId" = ? AND "id" IN (${placeholders(ids.length)})`, [
      brandId,
      ...ids,
    ]),
    runner.all<{ contactId: string; value: string; status: string }>(
      `SELECT "contactId", "value", "status" FROM "ContactIdentifier"
       WHERE "brandId" = ? AND "type" = 'email' AND "contactId" IN (${placeholders(ids.length)}) ORDER BY "contactId", "id"`,
      [brandId, ...ids],
    ),
  ]);
  for (const { id } of contacts) states.get(id)!.exists = true;
  for (const i of identifiers) {
    const state = states.get(i.contactId)!;
    if (state.email === null) Object.assign(state, { email: i.value, status: i.status });
  }
  const suppressed = await suppressionsOf(
    runner,
    brandId,
    [...states.values()].flatMap((s) => (s.email ? [s.email] : [])),
  );
  for (const state of states.values()) if (state.email) state.suppression = suppressed.get(addressHash(state.email)) ?? null;
  return states;
}
