// Who may be sent a message, and at which address (docs/delivery.md "Eligibility"): the one recipient rule,
// checked when a message is enqueued, again when the worker picks it up, and by the composer's estimate
// (recipientVerdicts), so that what the estimate promises is what the pipeline sends. Read for a chunk of
// contacts at a time: their email addresses with their channel statuses, and the brand's suppressions of them.
import { createHash } from "node:crypto";
import { sqlReader, type SqlRunner } from "@/lib/db/sql";
import type { SendingThreshold } from "./schemas";

export type AddressState = {
  email: string;
  /** its email channel status */
  status: string;
  /** the suppression of the address, if any */
  suppression: string | null;
};

export type RecipientState = {
  exists: boolean;
  /** the contact's email addresses, the first (primary) first */
  addresses: AddressState[];
  /** the contact's status for the topics asked about (topic id → subscribed | unsubscribed; absent: never chose) */
  topics?: Record<string, string>;
};

/** The subscription topic a send is for (lib/topics): a marketing topic's send goes to its subscribers only. */
export type SendTopic = { id: string; kind: string };

export type Verdict =
  { status: "queued"; reason: null; email: string } | { status: "skipped" | "suppressed"; reason: string; email: string | null };

function verdictOf(address: AddressState, threshold: SendingThreshold): Verdict {
  const email = address.email;
  if (address.suppression) return { status: "suppressed", reason: address.suppression, email };
  if (address.status === "subscribed" || threshold === "all") return { status: "queued", reason: null, email };
  if (address.status === "unsubscribed") return { status: "suppressed", reason: "unsubscribed", email };
  return threshold === "nonSubscribed" ? { status: "queued", reason: null, email } : { status: "skipped", reason: "not-subscribed", email };
}

/**
 * The recipient rule: a contact is mailed at its first address that may be mailed (not suppressed, its
 * status within the threshold), so a contact whose first address unsubscribed and whose second is
 * subscribed is mailed at the second. When none may be, the contact is skipped or suppressed for the
 * reason of its first address.
 */
export function decide(state: RecipientState, threshold: SendingThreshold, topic: SendTopic | null = null): Verdict {
  if (!state.exists) return { status: "skipped", reason: "contact-missing", email: null };
  if (state.addresses.length === 0) return { status: "skipped", reason: "no-email", email: null };
  const verdicts = state.addresses.map((a) => verdictOf(a, threshold));
  const verdict = verdicts.find((v) => v.status === "queued") ?? verdicts[0];
  if (verdict.status !== "queued" || !topic || topic.kind !== "marketing") return verdict;
  // A marketing topic's send reaches the contacts who chose the topic; one who left it is suppressed for it
  // (the rest of the brand's mail still reaches them). Required and transactional topics filter nobody.
  const status = state.topics?.[topic.id];
  if (status === "subscribed") return verdict;
  return status === "unsubscribed"
    ? { status: "suppressed", reason: "unsubscribed-from-topic", email: verdict.email }
    : { status: "skipped", reason: "not-subscribed-to-topic", email: verdict.email };
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
export async function recipientStates(
  runner: SqlRunner,
  brandId: string,
  contactIds: string[],
  topicIds: readonly string[] = [],
): Promise<Map<string, RecipientState>> {
  const ids = [...new Set(contactIds)];
  const states = new Map<string, RecipientState>(ids.map((id) => [id, { exists: false, addresses: [] }]));
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
  if (topicIds.length > 0) await addTopicStatuses(runner, brandId, ids, topicIds, states);
  const suppressed = await suppressionsOf(
    runner,
    brandId,
    identifiers.map((i) => i.value),
  );
  for (const i of identifiers)
    states
      .get(i.contactId)!
      .addresses.push({ email: i.value, status: i.status, suppression: suppressed.get(addressHash(i.value)) ?? null });
  return states;
}

async function addTopicStatuses(
  runner: SqlRunner,
  brandId: string,
  contactIds: string[],
  topicIds: readonly string[],
  states: Map<string, RecipientState>,
): Promise<void> {
  const topics = [...new Set(topicIds)];
  const rows = await runner.all<{ contactId: string; topicId: string; status: string }>(
    `SELECT "contactId", "topicId", "status" FROM "ContactTopicSubscription"
     WHERE "brandId" = ? AND "topicId" IN (${placeholders(topics.length)}) AND "contactId" IN (${placeholders(contactIds.length)})`,
    [brandId, ...topics, ...contactIds],
  );
  for (const state of states.values()) state.topics = {};
  for (const r of rows) states.get(r.contactId)!.topics![r.topicId] = r.status;
}

/** What the pipeline would decide for each of these contacts now (the composer's estimate asks this). */
export async function recipientVerdicts(
  brandId: string,
  contactIds: string[],
  threshold: SendingThreshold = "subscribed",
  topic: SendTopic | null = null,
) {
  const states = await recipientStates(sqlReader(), brandId, contactIds, topic ? [topic.id] : []);
  return new Map([...states].map(([id, state]) => [id, decide(state, threshold, topic)]));
}
