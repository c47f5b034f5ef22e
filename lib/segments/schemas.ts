// Shapes of the segments API (the published GetSegmentResponse and Create/UpdateSegmentRequest).
import { z } from "zod";
import { noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";
import { ConditionGroups } from "./conditions";

export const SEGMENT_STATUSES = ["ready", "building", "archived"] as const;
export const MAX_SEGMENT_NAME = 256;

export const SegmentInput = z
  .object({
    name: z.string().trim().min(1).max(MAX_SEGMENT_NAME),
    conditionGroups: ConditionGroups,
    isStarred: z.boolean().optional().meta({ description: "Marks the segment as a favourite (kept when omitted)" }),
  })
  .strict()
  .meta({ id: "SegmentInput", description: "A named set of condition groups: groups OR-ed, conditions inside a group AND-ed" });
export type SegmentInput = z.infer<typeof SegmentInput>;

export const SegmentSchema = z
  .object({
    segmentID: z.string(),
    name: z.string(),
    conditionGroups: ConditionGroups,
    status: z.enum(SEGMENT_STATUSES).meta({
      description:
        "building while a new or changed definition is first counted (PUT and DELETE answer 409 then); archived segments keep their definition but no members",
    }),
    isStarred: z.boolean(),
    archivedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Segment" });
export type SegmentRecord = z.infer<typeof SegmentSchema>;

export const SegmentListQuery = pagingQuery({ max: 50, default: 10 })
  .extend({
    sort: z.enum(["createdAt", "name"]).default("createdAt"),
    direction: z.enum(["asc", "desc"]).default("desc"),
  })
  .strict()
  .superRefine(noAfterAndBefore);
export type SegmentListQuery = z.infer<typeof SegmentListQuery>;

export const SegmentListSchema = z.object({ segments: z.array(SegmentSchema), paging: PagingSchema }).meta({ id: "SegmentList" });

export const SegmentStatisticsSchema = z
  .object({ segmentID: z.string(), contactsCount: z.number().int().meta({ description: "Contacts in the segment now" }) })
  .meta({ id: "SegmentStatistics" });
