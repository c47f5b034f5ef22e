// A send for a topic (a campaign's audience.topicID, an automation email's topicID): the topic with its
// kind for the delivery pipeline's recipient rule (lib/delivery/eligibility.ts decide()), and the SQL
// condition "the contact chose this topic" that audiences and segments select with.
import { db } from "@/lib/db";
import type { Sql } from "@/lib/db/query-builder";
import type { SendTopic } from "@/lib/delivery/eligibility";

export type { SendTopic };

/**
 * The topic a send is for, with its kind now. A topic that no longer exists reads as a marketing topic
 * nobody chose: the send reaches nobody rather than everybody (deleting a topic in use is refused, so
 * this only meets a race).
 */
export async function sendTopic(brandId: string, topicId: string | null | undefined): Promise<SendTopic | null> {
  if (!topicId) return null;
  const row = await db.subscriptionTopic.findFirst({ where: { id: topicId, brandId }, select: { id: true, kind: true } });
  return row ?? { id: topicId, kind: "marketing" };
}

/** 'The contact (alias `alias`) is subscribed to the topic' over a contact row; parameters bound in text order. */
export function subscribedToTopicSql(sql: Sql, brandId: string, topicId: string, alias = "c"): string {
  return `EXISTS (SELECT 1 FROM "ContactTopicSubscription" ts WHERE ts."brandId" = ${sql.p(brandId)} AND ts."topicId" = ${sql.p(topicId)}
    AND ts."status" = 'subscribed' AND ts."contactId" = ${alias}."id")`;
}
