// GET, PATCH, DELETE /api/subscription-topics/{id}.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { conflict, jsonContent, notFound } from "@/lib/openapi/common";
import { deleteTopic } from "@/lib/topics/delete-topic";
import { TopicPatch, TopicSchema } from "@/lib/topics/schemas";
import { getTopic, updateTopic } from "@/lib/topics/topic-store";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "forms.read",
      params: IdParams,
      summary: "One subscription topic",
      tags: ["Subscription topics"],
      responses: { "200": jsonContent(TopicSchema, "The topic"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getTopic(brandId, params.id)),
  ),
  PATCH: route(
    {
      scope: "forms.write",
      params: IdParams,
      body: TopicPatch,
      summary: "Change a subscription topic: only the fields sent change",
      tags: ["Subscription topics"],
      responses: { "200": jsonContent(TopicSchema, "The topic"), ...notFound, ...conflict("Another topic has this name") },
    },
    async ({ brandId, params, body }) => ok(await updateTopic(brandId, params.id, body)),
  ),
  DELETE: route(
    {
      scope: "forms.write",
      params: IdParams,
      summary: "Delete a subscription topic and the contacts' choices for it",
      description:
        "Refused with 409 while a campaign that has not finished, or an automation, sends for it: the problem names them (campaigns, automations).",
      tags: ["Subscription topics"],
      responses: { "204": { description: "Deleted" }, ...notFound, ...conflict("Campaigns or automations send for the topic") },
    },
    async ({ brandId, params }) => {
      await deleteTopic(brandId, params.id);
      return noContent();
    },
  ),
});
