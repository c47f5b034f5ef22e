// GET /api/contacts/jobs/{id}: a bulk job's progress (a view's job, or a segment's tag job).
import { ApiProblem } from "@/lib/http/problems";
import { ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { getBulkJob } from "@/lib/contacts/tags/tag-jobs";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { BulkJobSchema } from "@/lib/contacts/tags/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      params: IdParams,
      summary: "A bulk job's progress",
      tags: ["Contacts"],
      responses: { "200": jsonContent(BulkJobSchema, "The job"), ...notFound },
    },
    async ({ brandId, params }) => {
      const job = await getBulkJob(brandId, params.id);
      if (!job) throw new ApiProblem("not-found", `Job ${params.id} does not exist`);
      return ok(job);
    },
  ),
});
