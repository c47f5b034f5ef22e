// GET /api/contacts/tags/jobs/{id}: a bulk tag job's progress.
import { ApiProblem } from "@/lib/http/problems";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { getTagJob } from "@/lib/contacts/tags/tag-jobs";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { TagJobSchema } from "@/lib/contacts/tags/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      params: IdParams,
      summary: "A bulk tag job's progress",
      tags: ["Contacts"],
      responses: { "200": jsonContent(TagJobSchema, "The job"), ...notFound },
    },
    async ({ brandId, params }) => {
      const job = await getTagJob(brandId, params.id);
      if (!job) throw new ApiProblem("not-found", `Tag job ${params.id} does not exist`);
      return ok(job);
    },
  ),
});
