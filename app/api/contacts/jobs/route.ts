// /api/contacts/jobs: the dashboard's bulk jobs. POST tags, untags or unsubscribes every contact of a view
// (the search's filters, its text matched in full) in the background (202, the job); GET lists the latest
// jobs of every kind, a segment's tag jobs included. 60 requests per minute per credential for POST.
import { accepted, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { BulkJobListQuery, BulkJobRequest } from "@/lib/contacts/tags/schemas";
import { createViewJob, listBulkJobs } from "@/lib/contacts/tags/tag-jobs";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "contacts.read", query: BulkJobListQuery }, async ({ brandId, query }) =>
    ok({ jobs: await listBulkJobs(brandId, query.segmentID) }),
  ),
  POST: route({ scope: "contacts.write", body: BulkJobRequest, rateLimit: "tags" }, async ({ brandId, body, auth }) =>
    accepted(await createViewJob(brandId, body, `api:${auth.kind}`)),
  ),
});
