// /api/contacts/tags: add (POST) or remove (DELETE) tags on contacts named by id, email or phone and on a
// segment's members; 202, the segment's members in a background job. 60 requests per minute per credential.
import { accepted } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { changeTags } from "@/lib/contacts/tags/bulk-tags";
import { TagsRequest } from "@/lib/contacts/tags/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "contacts.write", body: TagsRequest, rateLimit: "tags" }, async ({ brandId, body }) =>
    accepted(await changeTags(brandId, "add", body)),
  ),
  DELETE: route({ scope: "contacts.write", body: TagsRequest, rateLimit: "tags" }, async ({ brandId, body }) =>
    accepted(await changeTags(brandId, "remove", body)),
  ),
});
