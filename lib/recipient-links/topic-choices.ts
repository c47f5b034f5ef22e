// The subscription topics on the recipient pages (docs/topics.md): the preferences page lists the brand's
// marketing topics with the contact's state and saves the person's choices; an email sent for a marketing
// topic unsubscribes from that topic only (its link, its one-click POST). Required and transactional
// topics are never offered as opt-outs. Links of test sends and previews change nothing.
import { db } from "@/lib/db";
import { writeTransaction } from "@/lib/db/sql";
import { writeTopicStatuses } from "@/lib/topics/subscribe";
import type { LinkSubject } from "./subscription";

export type TopicChoice = { id: string; name: string; description: string; status: "subscribed" | "unsubscribed" | "nonSubscribed" };
export type LinkTopic = { id: string; name: string };

/** The brand's marketing topics, oldest first, with the contact's status for each (none: all nonSubscribed). */
export async function topicChoices(brandId: string, contactId: string | null): Promise<TopicChoice[]> {
  const [topics, rows] = await Promise.all([
    db.subscriptionTopic.findMany({
      where: { brandId, kind: "marketing" },
      select: { id: true, name: true, description: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    contactId ? db.contactTopicSubscription.findMany({ where: { brandId, contactId }, select: { topicId: true, status: true } }) : [],
  ]);
  const status = new Map(rows.map((r) => [r.topicId, r.status]));
  return topics.map((t) => ({ ...t, status: (status.get(t.id) as TopicChoice["status"] | undefined) ?? "nonSubscribed" }));
}

/**
 * The marketing topic a live link's message was sent for; null when it was sent for none, for a required
 * or transactional topic, or for a topic deleted since (then the link is about all marketing mail).
 */
export async function linkTopic(subject: LinkSubject): Promise<LinkTopic | null> {
  if (subject.kind !== "live" || !subject.topicId) return null;
  return db.subscriptionTopic.findFirst({
    where: { id: subject.topicId, brandId: subject.claims.brandId, kind: "marketing" },
    select: { id: true, name: true },
  });
}

/** Sets the link's contact's status for one topic; whether it changed. */
export async function setTopicStatus(
  subject: LinkSubject,
  topicId: string,
  status: "subscribed" | "unsubscribed",
  source: string,
): Promise<boolean> {
  if (subject.kind !== "live") return false;
  const changed = await writeTransaction((tx) =>
    writeTopicStatuses(tx, {
      brandID: subject.claims.brandId,
      contactID: subject.claims.contactId!,
      changes: [{ topicID: topicId, status }],
      source,
    }),
  );
  return changed > 0;
}

/**
 * The preferences form's topics: each topic the page showed (`shown`) that is one of the brand's marketing
 * topics is subscribed when ticked; a subscribed one left unticked is unsubscribed. A topic never chosen and
 * left unticked stays as it was (nonSubscribed), so saving the page does not opt a person out of
 * topics they never saw before.
 */
export async function saveTopicChoices(subject: LinkSubject, shown: string[], ticked: string[], source: string): Promise<number> {
  if (subject.kind !== "live" || shown.length === 0) return 0;
  const choices = await topicChoices(subject.claims.brandId, subject.claims.contactId);
  const wanted = new Set(ticked);
  const offered = new Set(shown);
  const changes: { topicID: string; status: "subscribed" | "unsubscribed" }[] = [];
  for (const c of choices.filter((choice) => offered.has(choice.id))) {
    if (wanted.has(c.id) && c.status !== "subscribed") changes.push({ topicID: c.id, status: "subscribed" });
    else if (!wanted.has(c.id) && c.status === "subscribed") changes.push({ topicID: c.id, status: "unsubscribed" });
  }
  return writeTransaction((tx) =>
    writeTopicStatuses(tx, { brandID: subject.claims.brandId, contactID: subject.claims.contactId!, changes, source }),
  );
}
