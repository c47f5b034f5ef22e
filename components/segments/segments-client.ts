// Browser calls for segments, with the query keys the dashboard caches them under.
import type { z } from "zod";
import type { Paging } from "@/lib/http/pagination";
import type { SegmentInput as SegmentInputSchema, SegmentRecord } from "@/lib/segments/schemas";
import type { SegmentSuggestionsSchema } from "@/lib/segments/suggestions";
import type { TagsAccepted } from "@/lib/contacts/tags/schemas";
import { apiFetch } from "@/lib/client/api-fetch";
import { queryString } from "@/components/contacts/contacts-client";
import type { ApiConditionGroup } from "./condition-builder-state";

export type Segment = SegmentRecord;
export type SegmentInput = z.input<typeof SegmentInputSchema>;

export const segmentKeys = {
  all: ["segments"] as const,
  list: ["segments", "list"] as const,
  detail: (id: string) => ["segments", "detail", id] as const,
  count: (id: string) => ["segments", "count", id] as const,
  preview: (groups: ApiConditionGroup[]) => ["segments", "preview", groups] as const,
};

/** Every segment of the brand (the API pages by at most 50). */
export async function listAllSegments(): Promise<Segment[]> {
  const segments: Segment[] = [];
  let after: string | undefined;
  do {
    const page = await apiFetch<{ segments: Segment[]; paging: Paging }>(
      `/api/segments${queryString({ limit: 50, sort: "name", direction: "asc", after })}`,
    );
    segments.push(...page.segments);
    after = page.paging.hasMore ? page.paging.cursors.after : undefined;
  } while (after);
  return segments;
}

export const getSegment = (id: string) => apiFetch<Segment>(`/api/segments/${encodeURIComponent(id)}`);
export const createSegment = (body: SegmentInput) => apiFetch<Segment>("/api/segments", { method: "POST", body });
export const replaceSegment = (id: string, body: SegmentInput) =>
  apiFetch<Segment>(`/api/segments/${encodeURIComponent(id)}`, { method: "PUT", body });
export const deleteSegment = (id: string) => apiFetch<void>(`/api/segments/${encodeURIComponent(id)}`, { method: "DELETE" });

export const segmentCount = (id: string) =>
  apiFetch<{ contactsCount: number }>(`/api/segments/${encodeURIComponent(id)}/statistics`).then((s) => s.contactsCount);

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
