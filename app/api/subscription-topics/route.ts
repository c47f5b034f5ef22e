// GET /api/subscription-topics, POST /api/subscription-topics: the brand's subscription topics (docs/topics.md).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { conflict, jsonContent } from "@/lib/openapi/common";
import { TopicInput, TopicList, TopicListQuery, TopicSchema } from "@/lib/topics/schemas";
import { createTopic, listTopics } from "@/lib/topics/topic-store";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "forms.read",
      query: TopicListQuery,
      summary: "List subscription topics, newest first",
      tags: ["Subscription topics"],
      responses: { "200": jsonContent(TopicList, "A page of topics") },
    },
    async ({ brandId, query }) => ok(await listTopics(brandId, query)),
  ),
  POST: route(
    {
      scope: "forms.write",
      body: TopicInput,
      summary: "Create a subscription topic",
      description:
        "A marketing topic is one people opt in and out of (the preferences page lists it); a required or transactional topic cannot be left and a send for it reaches its whole audience.",
      tags: ["Subscription topics"],
      responses: {
        "201": jsonContent(TopicSchema, "The topic"),
        ...conflict("A topic with this name exists, or the brand has 100 topics"),
      },
    },
    async ({ brandId, body }) => created(await createTopic(brandId, body)),
  ),
});
