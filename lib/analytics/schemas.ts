// POST /api/analytics/reports and /statistics in the published query shape (Omnisend Analytics API,
// 2026-03-15 header): queries[] of {alias, dateRange, dimensions[{name, granularity}], metrics[{name}],
// filters[{name, operator, values[]}]}. The published document names no metric, dimension, granularity,
// operator or interval: Inkwell's names are the enums below, documented in the OpenAPI document.
import { z } from "zod";
import { FIGURE_NAMES, FIGURES } from "@/lib/delivery/read/figures";

export const DIMENSIONS = ["timestamp", "channel", "activity", "activityID", "variant"] as const;
export const GRANULARITIES = ["day", "week", "month"] as const;
export const FILTER_NAMES = ["channel", "activity", "activityID", "campaignID", "variant"] as const;
export const OPERATORS = ["eq", "neq", "in", "notIn"] as const;
export const INTERVALS = ["today", "yesterday", "last7Days", "last30Days", "last90Days", "thisMonth", "lastMonth"] as const;
export const MAX_QUERIES = 4;

const DimensionName = z.enum(DIMENSIONS).meta({
  description:
    "timestamp (the day, week or month: of the send for /reports, of the outcome for /statistics), channel (email), activity (campaign, automation), activityID (the campaign's or automation's id), variant (an A/B test's a, b, or rest; empty otherwise)",
});
export const Dimension = z
  .strictObject({
    name: DimensionName,
    granularity: z.enum(GRANULARITIES).optional().meta({ description: "timestamp only: day (default), week (starting Monday) or month" }),
  })
  .meta({ id: "AnalyticsDimension" });

export const Metric = z
  .strictObject({
    name: z.enum(FIGURE_NAMES).meta({ description: FIGURE_NAMES.map((m) => `${m}: ${FIGURES[m].description}`).join("; ") }),
  })
  .meta({ id: "AnalyticsMetric" });

export const Filter = z
  .strictObject({
    name: z.enum(FILTER_NAMES).meta({ description: "campaignID is activityID for campaigns" }),
    operator: z.enum(OPERATORS).meta({ description: "eq and in keep rows whose value is one of values; neq and notIn drop them" }),
    values: z.array(z.string().max(100)).min(1).max(100),
  })
  .meta({ id: "AnalyticsFilter" });

const Day = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .meta({ description: "YYYY-MM-DD or an RFC 3339 date-time (its UTC day counts)" });

const queryShape = {
  alias: z.string().max(100).optional().meta({ description: "Names the query's result" }),
  dimensions: z.array(Dimension).max(DIMENSIONS.length).default([]),
  metrics: z.array(Metric).min(1).max(FIGURE_NAMES.length),
  filters: z.array(Filter).max(20).default([]),
};

export const ReportQuery = z
  .strictObject({
    ...queryShape,
    dateRange: z
      .strictObject({ from: Day.optional(), to: Day.optional(), interval: z.enum(INTERVALS).optional() })
      .meta({ description: "from and to (inclusive days, UTC), or an interval ending today" }),
  })
  .meta({ id: "ReportQuery" });
export const StatisticsQuery = z
  .strictObject({ ...queryShape, dateRange: z.strictObject({ from: Day, to: Day }) })
  .meta({ id: "StatisticsQuery" });

export const ReportRequest = z
  .strictObject({ queries: z.array(ReportQuery).min(1).max(MAX_QUERIES) })
  .meta({ id: "ReportRequest", description: "At most 4 queries; each result is grouped by message send date" });
export const StatisticsRequest = z
  .strictObject({ queries: z.array(StatisticsQuery).min(1).max(MAX_QUERIES) })
  .meta({ id: "StatisticsRequest", description: "At most 4 queries, each with a timestamp dimension; grouped by the date of the outcome" });
export type AnalyticsQuery = z.infer<typeof ReportQuery> | z.infer<typeof StatisticsQuery>;

const ResultSchema = z.object({
  alias: z.string().optional(),
  dimensions: z.array(z.object({ name: z.string(), granularity: z.string().optional() })),
  metrics: z.array(z.object({ name: z.string() })),
  rows: z
    .array(z.record(z.string(), z.union([z.string(), z.number()])))
    .meta({ description: "One object per group: each dimension's value and each metric's" }),
});
export const ReportResponse = z.object({ reports: z.array(ResultSchema) }).meta({ id: "ReportResponse" });
export const StatisticsResponse = z.object({ statistics: z.array(ResultSchema) }).meta({ id: "StatisticsResponse" });
export type AnalyticsResult = z.infer<typeof ResultSchema>;
