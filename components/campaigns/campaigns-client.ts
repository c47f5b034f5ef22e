// Browser calls for campaigns, with the query keys the dashboard caches them under.
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import type { Paging } from "@/lib/http/pagination";
import type { CampaignRecord, CampaignStatus, CreateCampaignRequest, UpdateCampaignRequest } from "@/lib/campaigns/schemas";
import type {
  AudienceEstimateSchema,
  CampaignListFiguresSchema,
  CampaignReport,
  ClickMapSchema,
  OUTCOMES,
  RecipientsSchema,
} from "@/lib/campaigns/report-schemas";
import { queryString } from "@/components/contacts/contacts-client";

export type Campaign = CampaignRecord;
export type CampaignFigures = z.infer<typeof CampaignListFiguresSchema>["figures"][number];
export type AudienceEstimate = z.infer<typeof AudienceEstimateSchema>;
export type Recipients = z.infer<typeof RecipientsSchema>;
export type Outcome = (typeof OUTCOMES)[number];
export type ClickMap = z.infer<typeof ClickMapSchema>;
export type { CampaignReport, CampaignStatus };

export const campaignKeys = {
  all: ["campaigns"] as const,
  list: (filters: object) => ["campaigns", "list", filters] as const,
  figures: (ids: string[]) => ["campaigns", "figures", ids] as const,
  detail: (id: string) => ["campaigns", "detail", id] as const,
  report: (id: string) => ["campaigns", "report", id] as const,
  recipients: (id: string, outcome: string, after: string | undefined) => ["campaigns", "recipients", id, outcome, after ?? ""] as const,
  clickMap: (id: string, variant: string) => ["campaigns", "click-map", id, variant] as const,
  estimate: (included: string[], excluded: string[], topicID: string | null = null) =>
    ["campaigns", "estimate", included, excluded, topicID] as const,
};

const at = (id: string) => `/api/campaigns/${encodeURIComponent(id)}`;

export type ListFilters = { status?: CampaignStatus[]; nameContains?: string; after?: string; before?: string; limit?: number };

export function listCampaigns(filters: ListFilters) {
  const params = new URLSearchParams();
  for (const s of filters.status ?? []) params.append("status", s);
  if (filters.nameContains) params.set("nameContains", filters.nameContains);
  if (filters.after) params.set("after", filters.after);
  if (filters.before) params.set("before", filters.before);
  params.set("limit", String(filters.limit ?? 25));
  return apiFetch<{ campaigns: Campaign[]; paging: Paging }>(`/api/campaigns?${params}`);
}

export const campaignFigures = (ids: string[]) =>
  apiFetch<{ figures: CampaignFigures[]; currency: string }>(`/api/campaigns/figures${queryString({ ids: ids.join(",") })}`);
export const getCampaign = (id: string) => apiFetch<Campaign>(at(id));
export const createCampaign = (body: z.input<typeof CreateCampaignRequest>) =>
  apiFetch<Campaign>("/api/campaigns", { method: "POST", body });
export const updateCampaign = (id: string, body: z.input<typeof UpdateCampaignRequest>) =>
  apiFetch<Campaign>(at(id), { method: "PATCH", body });
export const changeTemplate = (id: string, templateID: string, variant?: "a" | "b") =>
  apiFetch<Campaign>(`${at(id)}/template`, { method: "PUT", body: { templateID, ...(variant ? { variant } : {}) } });
export const deleteCampaign = (id: string) => apiFetch<void>(at(id), { method: "DELETE" });
export const copyCampaign = (id: string) => apiFetch<Campaign>(`${at(id)}/copy`, { method: "POST" });

export type CampaignAction = "send" | "cancel" | "pause" | "resume";
export const campaignAction = (id: string, action: CampaignAction) => apiFetch<void>(`${at(id)}/${action}`, { method: "POST" });
export const sendTestEmail = (id: string, recipients: string[]) =>
  apiFetch<void>(`${at(id)}/test-email`, { method: "POST", body: { recipients } });

export const estimateAudience = (
  includedSegmentIDs: string[],
  excludedSegmentIDs: string[],
  topicID: string | null = null,
  signal?: AbortSignal,
) =>
  apiFetch<AudienceEstimate>("/api/campaigns/audience-estimate", {
    method: "POST",
    body: { includedSegmentIDs, excludedSegmentIDs, ...(topicID ? { topicID } : {}) },
    signal,
  });

export const getReport = (id: string) => apiFetch<CampaignReport>(`${at(id)}/report`);
export const getRecipients = (id: string, outcome: Outcome | "", after?: string) =>
  apiFetch<Recipients>(`${at(id)}/recipients${queryString({ outcome: outcome || undefined, after, limit: 50 })}`);
/** A plain link a browser follows with the session cookie (app/downloads: /api would want the Service-Version header). */
export const recipientsExportUrl = (id: string, outcome: Outcome | "") =>
  `/downloads/campaigns/${encodeURIComponent(id)}/recipients${queryString({ outcome: outcome || undefined })}`;
export const getClickMap = (id: string, variant: "a" | "b" | "") =>
  apiFetch<ClickMap>(`${at(id)}/click-map${queryString({ variant: variant || undefined })}`);
