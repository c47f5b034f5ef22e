// A contact's topic subscriptions as other domains write them: a form's confirmed signup subscribes the
// contact to the topics it offered (lib/forms), the recipient pages change them (lib/recipient-links), the
// API sets them (contact-topics.ts). Reads take the Prisma client; the write takes the caller's write
// transaction (lib/db/sql), so the statuses commit with whatever they belong to.
import { writeTransaction, type SqlRunner } from "@/lib/db/sql";
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
 * Sets the contact's status for each topic, in one statement inside the caller's transaction (all of them
 * or none); a topic already at that status is left alone (its time and source stay: a second confirmation
 * click changes nothing). The caller has checked that the contact is the brand's and the topics are
 * (findBrandTopics); a topic deleted since fails the statement (foreign key) and writes nothing. Returns
 * how many statuses changed.
 */
export async function writeTopicStatuses(
  tx: SqlRunner,
  input: { brandID: string; contactID: string; changes: { topicID: string; status: "subscribed" | "unsubscribed" }[]; source: string },
): Promise<number> {
  // One row per topic (the last change of a topic wins): an upsert may not touch a row twice.
  const changes = [...new Map(input.changes.map((c) => [c.topicID, c.status])).entries()];
  if (changes.length === 0) return 0;
  const now = new Date();
  const source = input.source.slice(0, 200);
  return tx.run(
    `INSERT INTO "ContactTopicSubscription" ("contactId", "topicId", "brandId", "status", "statusChangedAt", "source")
     VALUES ${changes.map(() => "(?, ?, ?, ?, ?ts, ?)").join(", ")}
     ON CONFLICT ("contactId", "topicId") DO UPDATE SET "status" = excluded."status", "statusChangedAt" = excluded."statusChangedAt", "source" = excluded."source"
     WHERE "ContactTopicSubscription"."status" <> excluded."status"`,
    changes.flatMap(([topicID, status]) => [input.contactID, topicID, input.brandID, status, now, source]),
  );
}

/** Subscribes the contact to these topics of its brand (a 400 when one is not the brand's), in one transaction. */
export async function subscribeContactToTopics(
  db: TopicsDb,
  input: { brandID: string; contactID: string; topicIDs: string[]; source: string },
): Promise<void> {
  const topics = await findBrandTopics(db, input.brandID, input.topicIDs);
  await writeTransaction((tx) =>
    writeTopicStatuses(tx, {
      brandID: input.brandID,
      contactID: input.contactID,
      changes: topics.map((t) => ({ topicID: t.id, status: "subscribed" as const })),
      source: input.source,
    }),
  );
}
