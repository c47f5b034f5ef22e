// Browser calls for signup forms, with the query keys the dashboard caches them under.
import type { z } from "zod";
import type { Paging } from "@/lib/http/pagination";
import type { Form as FormRecord, FormInput as FormInputSchema } from "@/lib/forms/schemas";
import { apiFetch } from "@/lib/client/api-fetch";

export type Form = FormRecord;
export type FormInput = z.input<typeof FormInputSchema>;

export const formKeys = {
  all: ["forms"] as const,
  page: (after?: string, before?: string) => ["forms", "page", after ?? "", before ?? ""] as const,
  detail: (id: string) => ["forms", "detail", id] as const,
  topics: ["forms", "topics"] as const,
};

export const listForms = (after?: string, before?: string) => {
  const q = new URLSearchParams({ limit: "50" });
  if (after) q.set("after", after);
  if (before) q.set("before", before);
  return apiFetch<{ forms: Form[]; paging: Paging }>(`/api/forms?${q}`);
};
export const getForm = (id: string) => apiFetch<Form>(`/api/forms/${encodeURIComponent(id)}`);
export const createForm = (body: FormInput) => apiFetch<Form>("/api/forms", { method: "POST", body });
export const updateForm = (id: string, body: FormInput) =>
  apiFetch<Form>(`/api/forms/${encodeURIComponent(id)}`, { method: "PATCH", body });
export const deleteForm = (id: string) => apiFetch<void>(`/api/forms/${encodeURIComponent(id)}`, { method: "DELETE" });
export const resumeLane = () =>
  apiFetch<{ status: string; reason: string | null }>("/api/forms/confirmation-lane/resume", { method: "POST" });

export type TopicChoice = { id: string; name: string };
/** The brand's subscription topics to offer on a form (a brand keeps at most 100: one page). */
export async function listTopics(): Promise<TopicChoice[]> {
  const page = await apiFetch<{ subscriptionTopics: TopicChoice[] }>("/api/subscription-topics?limit=100");
  return page.subscriptionTopics.map((t) => ({ id: t.id, name: t.name }));
}

export const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
