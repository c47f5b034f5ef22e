// GET, PUT /api/contacts/{id}/subscription-topics: the contact's status for each of the brand's topics.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { contactTopics, setContactTopics } from "@/lib/topics/contact-topics";
import { ContactTopicList, ContactTopicsInput } from "@/lib/topics/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      params: IdParams,
      summary: "A contact's subscription topics",
      description:
        "Every topic of the brand, oldest first, with the contact's status: subscribed, unsubscribed or nonSubscribed (never chose).",
      tags: ["Contacts", "Subscription topics"],
      responses: { "200": jsonContent(ContactTopicList, "The contact's topics"), ...notFound },
    },
    async ({ brandId, params }) => ok(await contactTopics(brandId, params.id)),
  ),
  PUT: route(
    {
      scope: "contacts.write",
      params: IdParams,
      body: ContactTopicsInput,
      summary: "Set a contact's status for some topics",
      description:
        "The topics listed get the status given (the change is recorded with its time and the credential as source); topics not listed keep theirs. A required or transactional topic cannot be set to unsubscribed (400).",
      tags: ["Contacts", "Subscription topics"],
      responses: { "200": jsonContent(ContactTopicList, "The contact's topics"), ...notFound },
    },
    async ({ brandId, params, body, auth }) => ok(await setContactTopics(brandId, params.id, body, `api:${auth.kind}`)),
  ),
});
