// Segment conditions: groups are OR-ed, the conditions inside a group AND-ed. Each condition reads one
// contact field (channel status, tags, profile fields, custom properties, dates) or the contact's events.
import { z } from "zod";
import { ContactStatus, CustomPropertyKey } from "@/lib/contacts/schemas";
import { CHANNELS } from "@/lib/contacts/identifiers";
import { PROFILE_FIELDS } from "@/lib/contacts/profile-fields";


const StatusCondition = z
  .object({
    type: z.literal("status"),
    channel: z.enum(CHANNELS),
    operator: z.enum(["is", "isNot"]),
    value: ContactStatus,
  })
  .strict()
  .meta({ id: "StatusCondition", description: "The contact has (is) / has no (isNot) identifier on the channel with this status" });

const TagCondition = z
  .object({ type: z.literal("tag"), operator: z.enum(["has", "hasNot"]), value: z.string().min(1).max(100) })
  .strict()
  .meta({ id: "TagCondition" });

const ProfileCondition = z
  .object({
    type: z.literal("profile"),
    field: z.enum(PROFILE_FIELDS),
    operator: z.enum(["equals", "notEquals", "contains", "exists", "notExists"]),
    value: z.string().max(500).optional(),
  })
  .strict()
  .meta({ id: "ProfileCondition", description: "equals/notEquals/contains need `value`; contains ignores case" });

const CustomPropertyCondition = z
  .object({
    type: z.literal("customProperty"),
    key: CustomPropertyKey,
    operator: z.enum(["equals", "notEquals", "gt", "gte", "lt", "lte", "contains", "exists", "notExists"]),
    value: z.union([z.string().max(1000), z.number(), z.boolean()]).optional(),
  })
  .strict()
  .meta({ id: "CustomPropertyCondition", description: "gt/gte/lt/lte need a number, contains a string; equals compares type and value" });

const DateCondition = z
  .object({
    type: z.literal("date"),
    field: z.enum(["createdAt", "updatedAt"]),
    operator: z.enum(["before", "after", "withinLastDays"]),
    value: z.union([z.iso.datetime({ offset: true }), z.number().int().min(1).max(3650)]),
  })
  .strict()
  .meta({ id: "DateCondition", description: "before/after take an RFC 3339 time, withinLastDays a number of days" });

const EventCondition = z
  .object({
    type: z.literal("event"),
    eventName: z.string().min(1).max(200),
    operator: z.enum(["did", "didNot"]),
    atLeast: z.number().int().min(1).max(10_000).default(1).meta({ description: "did: at least this many times; didNot: fewer than this many times" }),
    withinLastDays: z.number().int().min(1).max(3650).optional().meta({ description: "Only events of the last D days count (default: all time)" }),
  })
  .strict()
  .meta({ id: "EventCondition" });

export const Condition = z
  .discriminatedUnion("type", [StatusCondition, TagCondition, ProfileCondition, CustomPropertyCondition, DateCondition, EventCondition])
  .superRefine((c, ctx) => {
    const needValue = (why: string) => ctx.addIssue({ code: "custom", path: ["value"], message: why, params: { code: "invalid_value" } });
    if (c.type === "profile" && ["equals", "notEquals", "contains"].includes(c.operator) && c.value === undefined) needValue(`is required for ${c.operator}`);
    if (c.type === "customProperty") {
      if (["gt", "gte", "lt", "lte"].includes(c.operator) && typeof c.value !== "number") needValue(`must be a number for ${c.operator}`);
      if (c.operator === "contains" && typeof c.value !== "string") needValue("must be a string for contains");
      if ((c.operator === "equals" || c.operator === "notEquals") && c.value === undefined) needValue(`is required for ${c.operator}`);
    }
    if (c.type === "date" && (c.operator === "withinLastDays") !== (typeof c.value === "number")) {
      needValue(c.operator === "withinLastDays" ? "must be a number of days" : "must be an RFC 3339 time");
    }
  })
  .meta({ id: "SegmentCondition" });
export type Condition = z.infer<typeof Condition>;

export const ConditionGroup = z
  .object({ conditions: z.array(Condition).min(1).max(20) })
  .strict()
  .meta({ id: "ConditionGroup", description: "Conditions inside a group are AND-ed" });

export const ConditionGroups = z.array(ConditionGroup).min(1).max(20).meta({ description: "Groups are OR-ed" });
export type ConditionGroups = z.infer<typeof ConditionGroups>;
