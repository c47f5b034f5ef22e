// What the recipient pages (app/email/...) do for a sent message: an unsubscribe through its link, its
// preferences page or a one-click POST changes the contact's email channel (lib/recipient-links) and is
// attributed to the message (its `unsubscribed` counter and contact event, once); the web version renders
// the message's own content (the template as it was sent) for its contact, with its links, untracked.
import { db } from "@/lib/db";
import { writeTransaction } from "@/lib/db/sql";
import { ApiProblem } from "@/lib/http/problems";
import { verifyMessageToken } from "@/lib/recipient-links/message-token";
import { linkSubject, setEmailStatus, type ChangeResult } from "@/lib/recipient-links/subscription";
import { linkTopic, saveTopicChoices, setTopicStatus, type LinkTopic } from "@/lib/recipient-links/topic-choices";
import { webVersion, type WebVersion } from "@/lib/recipient-links/web-version";
import { findRecipients } from "@/lib/templates/render/recipient";
import { loadContent } from "./content";
import { CounterBatch } from "./counters";
import { insertContactEvents, markUnsubscribed, OUTCOME_COLUMNS, type OutcomeMessage } from "./outcomes/outcomes";
import { renderMessage } from "./render/render-message";
import { sqlReader } from "@/lib/db/sql";
import { dateValue } from "@/lib/db/values";

export async function outcomeMessage(messageId: string): Promise<OutcomeMessage | null> {
  const [row] = await sqlReader().all<OutcomeMessage & { sentAt: unknown }>(`SELECT ${OUTCOME_COLUMNS} FROM "Message" WHERE "id" = ?`, [
    messageId,
  ]);
  return row ? { ...row, sentAt: row.sentAt ? dateValue(row.sentAt) : null } : null;
}

/** Records that a message's recipient unsubscribed through it (once per message). */
export async function attributeUnsubscribe(messageId: string, at = new Date()): Promise<void> {
  const m = await outcomeMessage(messageId);
  if (!m) return;
  await writeTransaction(async (tx) => {
    const counters = new CounterBatch();
    await insertContactEvents(tx, await markUnsubscribed(tx, m, at, counters));
    await counters.flush(tx);
  });
}

export async function changeSubscription(
  token: string,
  status: "subscribed" | "unsubscribed",
  source: Parameters<typeof setEmailStatus>[2],
  visitor: Parameters<typeof setEmailStatus>[3] = {},
): Promise<ChangeResult> {
  const result = await setEmailStatus(token, status, source, visitor);
  if (status === "unsubscribed" && result.kind === "live" && result.changed && result.messageId)
    await attributeUnsubscribe(result.messageId);
  return result;
}

/**
 * An unsubscribe through a message's link, its unsubscribe page's button or a one-click POST: a message
 * sent for a marketing topic leaves that topic only (the rest of the brand's mail goes on); any other
 * message, or `scope: "all"` (the page's "all mail" button), unsubscribes from all marketing email.
 */
export async function unsubscribeThrough(
  token: string,
  source: Parameters<typeof setEmailStatus>[2],
  visitor: Parameters<typeof setEmailStatus>[3] = {},
  scope: "topic" | "all" = "topic",
): Promise<ChangeResult & { topic: LinkTopic | null }> {
  const subject = await linkSubject(token);
  const topic = scope === "topic" ? await linkTopic(subject) : null;
  if (!topic) return { ...(await changeSubscription(token, "unsubscribed", source, visitor)), topic: null };
  const changed = await setTopicStatus(subject, topic.id, "unsubscribed", source);
  const messageId = subject.kind === "live" ? subject.messageId : null;
  if (changed && messageId) await attributeUnsubscribe(messageId);
  return { kind: subject.kind, messageId, changed, topic };
}

/** The preferences form: the topics it showed (ticked or not), then the email channel when chosen. */
export async function savePreferences(
  token: string,
  choice: { status: "subscribed" | "unsubscribed" | null; shownTopics: string[]; tickedTopics: string[] },
  visitor: Parameters<typeof setEmailStatus>[3] = {},
): Promise<void> {
  const subject = await linkSubject(token);
  await saveTopicChoices(subject, choice.shownTopics, choice.tickedTopics, "preferences-page");
  if (choice.status) await changeSubscription(token, choice.status, "preferences-page", visitor);
}

const GONE = "This email is no longer available.";

/** The web version of an email: a sent message's own content, or (older links) the template as it is now. */
export async function webVersionOf(token: string): Promise<WebVersion> {
  const messageId = verifyMessageToken(token);
  if (!messageId) return webVersion(token);
  const message = await db.message.findUnique({
    where: { id: messageId },
    select: { id: true, brandId: true, contactId: true, email: true, mode: true, contentId: true, data: true },
  });
  const content = message ? await loadContent(message.contentId) : null;
  if (!message || !content) return { status: 404, reason: GONE };
  try {
    const brand = await db.brand.findUniqueOrThrow({
      where: { id: message.brandId },
      select: { id: true, plan: true, features: true, name: true, postalAddress: true },
    });
    const recipient = message.contactId
      ? ((await findRecipients(message.brandId, [message.contactId])).get(message.contactId) ?? null)
      : null;
    if (message.contactId && !recipient) return { status: 404, reason: GONE };
    const mode = message.mode === "test" ? "test" : "live";
    // Rendered as a test message: the web version is not tracked (no pixel, links as they are).
    const untracked = { ...content, trackOpens: false, trackClicks: false };
    const mail = await renderMessage(
      { id: message.id, mode, email: message.email ?? "", data: message.data },
      untracked,
      brand,
      recipient,
      null,
    );
    return { status: 200, html: mail.html };
  } catch (error) {
    if (error instanceof ApiProblem || (error as { code?: unknown }).code === "P2025") return { status: 404, reason: GONE };
    throw error;
  }
}
