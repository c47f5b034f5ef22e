// Shapes of the segments API.
import { z } from "zod";
import { noAfterAndBefore, pagingQuery, PagingSchema } from "@/lib/http/pagination";
import { ConditionGroups } from "./conditions";

export const SEGMENT_STATUSES = ["ready", "building", "archived"] as const;

export const SegmentInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    conditionGroups: ConditionGroups,
  })
  .strict()
  .meta({ id: "SegmentInput", description: "A named set of condition groups: groups OR-ed, conditions inside a group AND-ed" });
export type SegmentInput = z.infer<typeof SegmentInput>;

export const SegmentSchema = z
  .object({
    segmentID: z.string(),
    name: z.string(),
    conditionGroups: ConditionGroups,
    status: z.enum(SEGMENT_STATUSES).meta({ description: "Membership is evaluated on read, so segments are ready as soon as they are saved" }),
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
