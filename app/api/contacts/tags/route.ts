// /api/contacts/tags: add (POST) or remove (DELETE) tags on contacts named by id, email or phone and on a
// segment's members; 202, the segment's members in a background job. 60 requests per minute per credential.
import { accepted } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { changeTags } from "@/lib/contacts/tags/bulk-tags";
import { TagsRequest, TagsAccepted } from "@/lib/contacts/tags/schemas";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "contacts.write",
      body: TagsRequest,
      rateLimit: "tags",
      summary: "Add tags to contacts named by id, email or phone, and to a segment's members",
      description:
        "At least one of contactIDs, emails, phones or segmentID. The union of the selectors is tagged, each contact once; names of no contact are ignored. Contacts named by id, email or phone are tagged before the 202; a segment's members by a background job (the response's `job`, followed at /api/contacts/tags/jobs/{id}) that walks the contacts existing when the request was accepted. 60 requests per minute per credential.",
      tags: ["Contacts"],
      responses: { "202": jsonContent(TagsAccepted, "Accepted") },
    },
    async ({ brandId, body }) => accepted(await changeTags(brandId, "add", body)),
  ),
  DELETE: route(
    {
      scope: "contacts.write",
      body: TagsRequest,
      rateLimit: "tags",
      summary: "Remove tags from contacts named by id, email or phone, and from a segment's members",
      description: "As POST, removing the tags. 60 requests per minute per credential.",
      tags: ["Contacts"],
      responses: { "202": jsonContent(TagsAccepted, "Accepted") },
    },
    async ({ brandId, body }) => accepted(await changeTags(brandId, "remove", body)),
  ),
});
