// Browser calls for segments, with the query keys the dashboard caches them under.
import type { z } from "zod";
import type { Paging } from "@/lib/http/pagination";
import type { SegmentInput as SegmentInputSchema, SegmentRecord } from "@/lib/segments/schemas";
import type { SegmentSuggestionsSchema } from "@/lib/segments/suggestions";
import type { SegmentSummarySchema } from "@/lib/segments/segment-summaries";
import type { TagsAccepted } from "@/lib/contacts/tags/schemas";
import { apiFetch } from "@/lib/client/api-fetch";
import { queryString } from "@/components/contacts/contacts-client";
import type { ApiConditionGroup } from "./condition-builder-state";

export type Segment = SegmentRecord;
export type SegmentInput = z.input<typeof SegmentInputSchema>;

export const segmentKeys = {
  all: ["segments"] as const,
  pages: ["segments", "page"] as const,
  page: (params: SegmentPageParams) => ["segments", "page", params] as const,
  summaries: ["segments", "summaries"] as const,
  summariesOf: (params: SummariesParams) => ["segments", "summaries", params] as const,
  detail: (id: string) => ["segments", "detail", id] as const,
  preview: (groups: ApiConditionGroup[]) => ["segments", "preview", groups] as const,
};

/** One page of the brand's segments (the API's cursors; at most 50 a page). */
export type SegmentPageParams = { sort: "name" | "createdAt"; direction: "asc" | "desc"; limit: number; after?: string; before?: string };
export const listSegmentsPage = (params: SegmentPageParams) =>
  apiFetch<{ segments: Segment[]; paging: Paging }>(`/api/segments${queryString(params)}`);

/**
 * Segments with their kept size: those of a page of rows or of a contact (`ids`, at most 50), or the
 * first `limit` by name whose name contains the text (a picker). One request, whatever the rows.
 */
export type SummariesParams = { ids: string[] } | { nameContains?: string; limit?: number };
export type SegmentSummary = z.infer<typeof SegmentSummarySchema>;
export const MAX_SUMMARY_IDS = 50;
export const segmentSummaries = (params: SummariesParams) =>
  apiFetch<{ segments: SegmentSummary[] }>(
    `/api/segments/summaries${queryString("ids" in params ? { ids: params.ids.join(",") } : { nameContains: params.nameContains || undefined, limit: params.limit })}`,
  ).then((r) => r.segments);

export const getSegment = (id: string) => apiFetch<Segment>(`/api/segments/${encodeURIComponent(id)}`);
export const createSegment = (body: SegmentInput) => apiFetch<Segment>("/api/segments", { method: "POST", body });
export const replaceSegment = (id: string, body: SegmentInput) =>
  apiFetch<Segment>(`/api/segments/${encodeURIComponent(id)}`, { method: "PUT", body });
export const deleteSegment = (id: string) => apiFetch<void>(`/api/segments/${encodeURIComponent(id)}`, { method: "DELETE" });

/** Counts the contacts an unsaved definition would match. */
export type SegmentPreview = { contactsCount: number; sample: { id: string; name: string | null; email: string | null }[] };
export const previewSegment = (conditionGroups: ApiConditionGroup[], signal?: AbortSignal) =>
  apiFetch<SegmentPreview>("/api/segments/preview", { method: "POST", body: { conditionGroups }, signal });

export type SegmentSuggestions = z.infer<typeof SegmentSuggestionsSchema>;
export const suggestionKeys = {
  all: ["segments", "suggestions"] as const,
  event: (name: string) => ["segments", "suggestions", name] as const,
};
/** Tags, common values and received events; with an event name, also the common values of its properties. */
export const getSuggestions = (event?: string) => apiFetch<SegmentSuggestions>(`/api/segments/suggestions${queryString({ event })}`);

// ---- bulk tagging a segment's members (the job is followed by components/contacts/bulk-jobs.tsx)

export const changeSegmentTags = (segmentID: string, action: "add" | "remove", tags: string[]) =>
  apiFetch<z.infer<typeof TagsAccepted>>("/api/contacts/tags", { method: action === "add" ? "POST" : "DELETE", body: { segmentID, tags } });
