// Shapes of bulk tagging (published AddTagsRequest / RemoveTagsRequest on POST / DELETE /api/contacts/tags)
// and of the background job a segment's tagging runs as; the dashboard's bulk jobs on a whole view (tag,
// untag or unsubscribe every contact a search and its filters match, POST /api/contacts/jobs).
import { z } from "zod";
import { MAX_TAG_LENGTH } from "../schemas";
import { ContactFilterQuery } from "../search-contacts";

const MAX_SELECTED = 250;

export const TagsRequest = z
  .strictObject({
    contactIDs: z
      .array(z.string().max(100))
      .max(MAX_SELECTED)
      .optional()
      .meta({ description: `Contact ids (at most ${MAX_SELECTED}); ids of no contact are ignored` }),
    emails: z
      .array(z.string().max(254))
      .max(MAX_SELECTED)
      .optional()
      .meta({ description: `Emails of contacts (at most ${MAX_SELECTED}); emails of no contact are ignored` }),
    phones: z
      .array(z.string().max(40))
      .max(MAX_SELECTED)
      .optional()
      .meta({ description: `Phone numbers of contacts, E.164 (at most ${MAX_SELECTED}); numbers of no contact are ignored` }),
    segmentID: z
      .string()
      .max(100)
      .optional()
      .meta({ description: "Every member of this segment (tagged in the background; see the job in the response)" }),
    tags: z.array(z.string().trim().min(1).max(MAX_TAG_LENGTH)).min(1).max(100),
  })
  .superRefine((request, ctx) => {
    if (!request.contactIDs?.length && !request.emails?.length && !request.phones?.length && request.segmentID === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["contactIDs"],
        message: "name the contacts: at least one of contactIDs, emails, phones or segmentID",
        params: { code: "required" },
      });
    }
  })
  .meta({ id: "TagsRequest", description: "Contacts (the union of every selector, each contact once) and the tags to add or remove" });
export type TagsRequest = z.infer<typeof TagsRequest>;

export const TAG_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;

export const TagJobSchema = z
  .object({
    id: z.string(),
    action: z.enum(["add", "remove"]),
    tags: z.array(z.string()),
    segmentID: z.string(),
    status: z.enum(TAG_JOB_STATUSES),
    total: z.number().int().nullable().meta({ description: "Members of the segment when the job started (null while queued)" }),
    processed: z.number().int().meta({ description: "Members handled so far" }),
    changed: z.number().int().meta({ description: "Contacts whose tags changed" }),
    error: z.string().optional(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().optional(),
    finishedAt: z.iso.datetime().optional(),
  })
  .meta({ id: "TagJob", description: "Tagging a segment's members in the background" });
export type TagJob = z.infer<typeof TagJobSchema>;

export const TagsAccepted = z
  .object({
    action: z.enum(["add", "remove"]),
    contactsChanged: z
      .number()
      .int()
      .meta({ description: "Contacts named by id, email or phone whose tags changed (applied before the answer)" }),
    job: TagJobSchema.optional().meta({
      description: "With segmentID: the background job tagging its members (GET /api/contacts/tags/jobs/{id} follows it)",
    }),
  })
  .meta({ id: "TagsAccepted" });

export const TagJobList = z.object({ jobs: z.array(TagJobSchema) }).meta({ id: "TagJobList" });

export const BULK_ACTIONS = ["add", "remove", "unsubscribe"] as const;

/** A view as a job keeps it: the search's filters, strict (a sort or a page means nothing to a job). */
export const JobView = ContactFilterQuery.strict().meta({
  id: "ContactView",
  description: "The filters of the dashboard's contact search (GET /api/contacts/search), without sorting or paging",
});

export const BulkJobRequest = z
  .strictObject({
    action: z.enum(BULK_ACTIONS).meta({ description: "add or remove `tags`, or unsubscribe from email" }),
    tags: z
      .array(z.string().trim().min(1).max(MAX_TAG_LENGTH))
      .max(100)
      .optional()
      .meta({ description: "The tags to add or remove (1 to 100); not for unsubscribe" }),
    view: JobView,
  })
  .superRefine((request, ctx) => {
    if (request.action !== "unsubscribe" && !request.tags?.length) {
      ctx.addIssue({ code: "custom", path: ["tags"], message: "name at least one tag to add or remove", params: { code: "required" } });
    }
    if (request.action === "unsubscribe" && request.tags?.length) {
      ctx.addIssue({ code: "custom", path: ["tags"], message: "unsubscribing takes no tags", params: { code: "invalid_value" } });
    }
  })
  .meta({ id: "BulkJobRequest", description: "A change to every contact of a view, run in the background" });
export type BulkJobRequest = z.infer<typeof BulkJobRequest>;

export const BulkJobSchema = TagJobSchema.extend({
  action: z.enum(BULK_ACTIONS),
  segmentID: z.string().optional().meta({ description: "The segment whose members the job changes, or the segment filter of its view" }),
  view: JobView.optional().meta({ description: "The view whose contacts the job changes (absent: the segment's members)" }),
  total: z.number().int().nullable().meta({ description: "Contacts the job covers, counted when it started (null while queued)" }),
  processed: z.number().int().meta({ description: "Contacts handled so far" }),
  changed: z.number().int().meta({ description: "Contacts that changed (tags added or removed, or unsubscribed)" }),
}).meta({ id: "BulkJob", description: "A tag change or an unsubscribe on many contacts, in the background" });
export type BulkJob = z.infer<typeof BulkJobSchema>;

export const BulkJobListQuery = z
  .strictObject({
    segmentID: z.string().max(100).optional().meta({ description: "Only the jobs on this segment's members or on a view filtered by it" }),
  })
  .meta({ id: "BulkJobListQuery" });
export const BulkJobList = z.object({ jobs: z.array(BulkJobSchema) }).meta({ id: "BulkJobList" });
