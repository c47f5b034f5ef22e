// A contact's topic subscriptions as other domains write them: a form's confirmed signup subscribes the
// contact to the topics it offered (lib/forms), the recipient pages change them (lib/recipient-links), the
// API sets them (contact-topics.ts). Each function takes the Prisma client or a transaction's client.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import { ID_PATTERN } from "@/lib/ids";
import type { TopicKind } from "./schemas";

export type TopicsDb = Pick<PrismaClient, "subscriptionTopic" | "contactTopicSubscription">;
export type BrandTopic = { id: string; name: string; description: string; kind: TopicKind };

/**
 * The brand's topics with these ids, in the order given (duplicates once); any id that is not one of the
 * brand's topics (another brand's, a deleted one, not an id at all) is a 400 naming its position.
 */
export async function findBrandTopics(
  db: TopicsDb,
  brandID: string,
  topicIDs: readonly string[],
  field = "topicIDs",
): Promise<BrandTopic[]> {
  const wanted = [...new Set(topicIDs)];
  const rows = wanted.some((id) => ID_PATTERN.test(id))
    ? await db.subscriptionTopic.findMany({
        where: { brandId: brandID, id: { in: wanted.filter((id) => ID_PATTERN.test(id)) } },
        select: { id: true, name: true, description: true, kind: true },
      })
    : [];
  const byId = new Map(rows.map((r) => [r.id, { ...r, kind: r.kind as TopicKind }]));
  const errors: FieldError[] = [];
  topicIDs.forEach((id, i) => {
    if (!byId.has(id))
      errors.push({
        field,
        pointer: `/${field}/${i}`,
        code: "unknown_topic",
        message: `${JSON.stringify(id)} is not one of the brand's subscription topics`,
      });
  });
  if (errors.length > 0)
    throw new ApiProblem("validation-failed", errors.length === 1 ? errors[0].message : `${errors.length} topic ids are not the brand's`, {
      errors,
    });
  return wanted.map((id) => byId.get(id)!);
}

/**
 * Sets the contact's status for each topic; a topic already at that status is left alone (its time and
 * source stay: a second confirmation click changes nothing). The caller has checked that the contact is
 * the brand's and the topics are (findBrandTopics).
 */
export async function writeTopicStatuses(
  db: TopicsDb,
  input: { brandID: string; contactID: string; changes: { topicID: string; status: "subscribed" | "unsubscribed" }[]; source: string },
): Promise<number> {
  if (input.changes.length === 0) return 0;
  const existing = await db.contactTopicSubscription.findMany({
    where: { contactId: input.contactID, topicId: { in: input.changes.map((c) => c.topicID) } },
    select: { topicId: true, status: true },
  });
  const current = new Map(existing.map((e) => [e.topicId, e.status]));
  const now = new Date();
  let changed = 0;
  for (const { topicID, status } of input.changes) {
    if (current.get(topicID) === status) continue;
    const values = { status, statusChangedAt: now, source: input.source.slice(0, 200) };
    await db.contactTopicSubscription.upsert({
      where: { contactId_topicId: { contactId: input.contactID, topicId: topicID } },
      create: { contactId: input.contactID, topicId: topicID, brandId: input.brandID, ...values },
      update: values,
    });
    current.set(topicID, status);
    changed++;
  }
  return changed;
}

/** Subscribes the contact to these topics of its brand (a 400 when one is not the brand's). */
export async function subscribeContactToTopics(
  db: TopicsDb,
  input: { brandID: string; contactID: string; topicIDs: string[]; source: string },
): Promise<void> {
  const topics = await findBrandTopics(db, input.brandID, input.topicIDs);
  await writeTopicStatuses(db, {
    brandID: input.brandID,
    contactID: input.contactID,
    changes: topics.map((t) => ({ topicID: t.id, status: "subscribed" as const })),
    source: input.source,
  });
}
