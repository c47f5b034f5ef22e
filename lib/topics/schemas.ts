// The shapes of subscription topics and of a contact's topic subscriptions: validators, types and the
// OpenAPI description (docs/topics.md).
import { z } from "zod";
import { pagingQuery, noAfterAndBefore, PagingSchema } from "@/lib/http/pagination";
import { ID_PATTERN } from "@/lib/ids";

/**
 * marketing: people choose it (the preferences page lists it, its unsubscribe link leaves it, a send goes to
 * its subscribers only). required and transactional: nobody leaves them (kept off the preferences page's
 * opt-outs) and a send for them reaches its whole audience, whether or not a contact ever chose them.
 */
export const TOPIC_KINDS = ["marketing", "required", "transactional"] as const;
export const TopicKind = z.enum(TOPIC_KINDS).meta({
  id: "SubscriptionTopicKind",
  description:
    "marketing (default): contacts opt in and out, and a send for the topic goes to its subscribers only. required / transactional: contacts cannot leave it; a send for it reaches its whole audience",
});
export type TopicKind = z.infer<typeof TopicKind>;

/** A brand keeps at most this many topics: a preferences page and a contact's topic list stay readable. */
export const MAX_TOPICS = 100;

const name = z.string().trim().min(1).max(100).meta({ description: "Topic name shown to contacts, 1-100 characters, unique in the brand" });
const description = z.string().trim().max(500).meta({ description: "What the topic's emails are about, up to 500 characters" });

export const TopicInput = z
  .strictObject({ name, description: description.default(""), kind: TopicKind.default("marketing") })
  .meta({ id: "SubscriptionTopicInput" });
export type TopicInput = z.infer<typeof TopicInput>;

export const TopicPatch = z
  .strictObject({ name: name.optional(), description: description.optional(), kind: TopicKind.optional() })
  .meta({ id: "SubscriptionTopicPatch" });
export type TopicPatch = z.infer<typeof TopicPatch>;

export const TopicSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    kind: TopicKind,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "SubscriptionTopic" });
export type Topic = z.infer<typeof TopicSchema>;

export const TopicListQuery = pagingQuery({ max: 100, default: 50 })
  .extend({ nameContains: z.string().max(200).optional().meta({ description: "Case-insensitive substring of the name" }) })
  .superRefine(noAfterAndBefore);
export type TopicListQuery = z.infer<typeof TopicListQuery>;

export const TopicList = z.object({ subscriptionTopics: z.array(TopicSchema), paging: PagingSchema }).meta({ id: "SubscriptionTopicList" });

/** A contact's state for one topic: nonSubscribed when it never chose (the channel statuses' words). */
export const TOPIC_STATUSES = ["subscribed", "unsubscribed", "nonSubscribed"] as const;
export type TopicStatus = (typeof TOPIC_STATUSES)[number];

export const ContactTopicSchema = z
  .object({
    topicID: z.string(),
    name: z.string(),
    kind: TopicKind,
    status: z.enum(TOPIC_STATUSES),
    statusChangedAt: z.iso.datetime().nullable().meta({ description: "When the status was last set; null when never" }),
    source: z.string().nullable().meta({ description: "What set it (api:api-key, form:<id>, preferences-page, ...); null when never" }),
  })
  .meta({ id: "ContactSubscriptionTopic" });
export type ContactTopic = z.infer<typeof ContactTopicSchema>;

export const ContactTopicList = z
  .object({ contactID: z.string(), topics: z.array(ContactTopicSchema) })
  .meta({ id: "ContactSubscriptionTopics", description: "Every topic of the brand with the contact's status for it" });
export type ContactTopicList = z.infer<typeof ContactTopicList>;

export const TopicID = z.string().regex(ID_PATTERN, "a topic id is 24 lowercase hexadecimal characters");

export const ContactTopicsInput = z
  .strictObject({
    topics: z
      .array(z.strictObject({ topicID: TopicID, status: z.enum(["subscribed", "unsubscribed"]) }))
      .min(1)
      .max(MAX_TOPICS)
      .meta({ description: "The topics to set; topics not listed keep their status" }),
  })
  .meta({ id: "ContactSubscriptionTopicsInput" });
export type ContactTopicsInput = z.infer<typeof ContactTopicsInput>;
