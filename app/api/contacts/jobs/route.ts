// /api/contacts/jobs: the dashboard's bulk jobs. POST tags, untags or unsubscribes every contact of a view
// (the search's filters, its text matched in full) in the background (202, the job); GET lists the latest
// jobs of every kind, a segment's tag jobs included. 60 requests per minute per credential for POST.
import { accepted, ok } from "@/lib/http/responses";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { BulkJobListQuery, BulkJobRequest, BulkJobList, BulkJobSchema } from "@/lib/contacts/tags/schemas";
import { createViewJob, listBulkJobs } from "@/lib/contacts/tags/tag-jobs";
import { jsonContent, notFound } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "contacts.read",
      query: BulkJobListQuery,
      summary: "The latest bulk jobs of every kind (views' jobs and segments' tag jobs; at most 20, newest first)",
      tags: ["Contacts"],
      responses: { "200": jsonContent(BulkJobList, "Jobs") },
    },
    async ({ brandId, query }) => ok({ jobs: await listBulkJobs(brandId, query.segmentID) }),
  ),
  POST: route(
    {
      scope: "contacts.write",
      body: BulkJobRequest,
      rateLimit: "tags",
      summary: "Tag, untag or unsubscribe every contact of a view, in the background",
      description:
        "The view is the search's filters (`q`, status, tag, segmentID, created/updated ranges); its text is matched in full, without the search's count cap. The job walks the contacts existing when it was accepted, in chunks by id; every contact the view matches when its chunk runs is changed (a change that takes a contact out of the view, such as removing the tag the view filters on, does not make others missed). Unsubscribing writes a status history line per address (source api:session from the dashboard). 60 requests per minute per credential.",
      tags: ["Contacts"],
      responses: { "202": jsonContent(BulkJobSchema, "The job, queued"), ...notFound },
    },
    async ({ brandId, body, auth }) => accepted(await createViewJob(brandId, body, `api:${auth.kind}`)),
  ),
});
