// GET/PUT /api/contacts/{id}/subscription-topics: every topic of the brand with the contact's status for it.
import { db } from "@/lib/db";
import { writeTransaction } from "@/lib/db/sql";
import { ApiProblem, type FieldError } from "@/lib/http/problems";
import type { ContactTopicList, ContactTopicsInput, TopicKind } from "./schemas";
import { findBrandTopics, writeTopicStatuses } from "./subscribe";

const contactNotFound = () => new ApiProblem("not-found", "No contact with this id");

export async function contactTopics(brandId: string, contactId: string): Promise<ContactTopicList> {
  const [contact, topics, rows] = await Promise.all([
    db.contact.count({ where: { id: contactId, brandId } }),
    db.subscriptionTopic.findMany({
      where: { brandId },
      select: { id: true, name: true, kind: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.contactTopicSubscription.findMany({
      where: { contactId, brandId },
      select: { topicId: true, status: true, statusChangedAt: true, source: true },
    }),
  ]);
  if (contact === 0) throw contactNotFound();
  const byTopic = new Map(rows.map((r) => [r.topicId, r]));
  return {
    contactID: contactId,
    topics: topics.map((t) => {
      const row = byTopic.get(t.id);
      return {
        topicID: t.id,
        name: t.name,
        kind: t.kind as TopicKind,
        status: (row?.status as "subscribed" | "unsubscribed" | undefined) ?? "nonSubscribed",
        statusChangedAt: row ? row.statusChangedAt.toISOString() : null,
        source: row?.source ?? null,
      };
    }),
  };
}

export async function setContactTopics(
  brandId: string,
  contactId: string,
  input: ContactTopicsInput,
  source: string,
): Promise<ContactTopicList> {
  if ((await db.contact.count({ where: { id: contactId, brandId } })) === 0) throw contactNotFound();
  const ids = input.topics.map((t) => t.topicID);
  const errors: FieldError[] = [];
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i)
      errors.push({ field: "topics.topicID", pointer: `/topics/${i}/topicID`, code: "duplicate", message: `topic ${id} is listed twice` });
  });
  if (errors.length > 0) throw new ApiProblem("validation-failed", errors[0].message, { errors });
  let topics;
  try {
    topics = await findBrandTopics(db, brandId, ids);
  } catch (error) {
    // Point at the body's own shape (topics[i].topicID) rather than findBrandTopics' topicIDs[i].
    if (error instanceof ApiProblem && Array.isArray(error.extra.errors))
      for (const e of error.extra.errors)
        Object.assign(e, { field: "topics.topicID", pointer: e.pointer.replace(/^\/topicIDs\/(\d+)$/, "/topics/$1/topicID") });
    throw error;
  }
  const kinds = new Map(topics.map((t) => [t.id, t]));
  input.topics.forEach((t, i) => {
    const topic = kinds.get(t.topicID)!;
    if (t.status === "unsubscribed" && topic.kind !== "marketing")
      errors.push({
        field: "topics.status",
        pointer: `/topics/${i}/status`,
        code: "required_topic",
        message: `"${topic.name}" is a ${topic.kind} topic: contacts cannot leave it`,
      });
  });
  if (errors.length > 0) throw new ApiProblem("validation-failed", errors[0].message, { errors });
  await writeTransaction((tx) => writeTopicStatuses(tx, { brandID: brandId, contactID: contactId, changes: input.topics, source }));
  return contactTopics(brandId, contactId);
}
