// GET /api/contacts/tags/jobs: the brand's latest bulk tag jobs (newest first, at most 20).
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { listTagJobs } from "@/lib/contacts/tags/tag-jobs";
import { jsonContent } from "@/lib/openapi/common";
import { TagJobList } from "@/lib/contacts/tags/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      summary: "The latest bulk tag jobs (at most 20, newest first)",
      tags: ["Contacts"],
      responses: { "200": jsonContent(TagJobList, "Jobs") },
    },
    async ({ brandId }) => ok({ jobs: await listTagJobs(brandId) }),
  ),
});
