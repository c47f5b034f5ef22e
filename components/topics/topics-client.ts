// Typed calls for the subscription topic endpoints, shared by the dashboard's topic components.
import { apiFetch } from "@/lib/client/api-fetch";
import type { ContactTopicList, Topic, TopicInput } from "@/lib/topics/schemas";

export type { Topic, ContactTopicList };
export const topicsQueryKey = ["subscription-topics"] as const;

// A brand keeps at most 100 topics (lib/topics/schemas.ts MAX_TOPICS): one page holds them all.
export const listTopics = () =>
  apiFetch<{ subscriptionTopics: Topic[] }>("/api/subscription-topics?limit=100").then((r) => r.subscriptionTopics);
export const createTopic = (input: TopicInput) => apiFetch<Topic>("/api/subscription-topics", { method: "POST", body: input });
export const updateTopic = (id: string, input: Partial<TopicInput>) =>
  apiFetch<Topic>(`/api/subscription-topics/${encodeURIComponent(id)}`, { method: "PATCH", body: input });
export const deleteTopic = (id: string) => apiFetch<void>(`/api/subscription-topics/${encodeURIComponent(id)}`, { method: "DELETE" });
export const contactTopics = (contactId: string) =>
  apiFetch<ContactTopicList>(`/api/contacts/${encodeURIComponent(contactId)}/subscription-topics`);
