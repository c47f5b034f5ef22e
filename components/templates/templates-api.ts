// The public API calls the template pages make (same-origin, session cookie, through apiFetch).
import { apiFetch } from "@/lib/client/api-fetch";
import type { Section } from "@/components/editor/state/document";
import type { EditorDocument } from "@/components/editor/state/document";

export type TemplateSummary = { id: string; name: string; createdAt: string; updatedAt: string };
export type Paging = { limit: number; hasMore: boolean; cursors: { after?: string | null; before?: string | null } };
export type TemplateRecord = EditorDocument & { id: string; createdAt: string; updatedAt: string };
export type LayoutRecord = { id: string; name: string; content: Section; createdAt: string; updatedAt: string };
/** The render response: a string-to-string map; `warnings` is a JSON-encoded array of {code, message, pointer?, tag?}. */
export type RenderResult = { html: string; text: string; warnings?: string };

export type ListParams = {
  nameContains?: string;
  sort: "createdAt" | "name";
  direction: "asc" | "desc";
  limit: number;
  after?: string;
  before?: string;
};

export function listTemplates(params: ListParams) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  return apiFetch<{ templates: TemplateSummary[]; paging: Paging }>(`/api/email-templates?${search}`);
}

export const getTemplate = (id: string) => apiFetch<TemplateRecord>(`/api/email-templates/${id}`);
export const createTemplate = (doc: EditorDocument) =>
  apiFetch<TemplateRecord>("/api/email-templates", { method: "POST", body: writable(doc) });
export const saveTemplate = (id: string, doc: EditorDocument) =>
  apiFetch<TemplateRecord>(`/api/email-templates/${id}`, { method: "PUT", body: writable(doc) });
export const deleteTemplate = (id: string) => apiFetch<void>(`/api/email-templates/${id}`, { method: "DELETE" });
export const renderTemplate = (id: string, recipient: { contactID?: string; email?: string }) =>
  apiFetch<RenderResult>(`/api/email-templates/${id}/render`, { method: "POST", body: recipient });
export const listLayouts = () => apiFetch<{ universalLayouts: LayoutRecord[] }>("/api/email-universal-layouts?limit=250");
export const createLayout = (name: string, content: Section) =>
  apiFetch<LayoutRecord>("/api/email-universal-layouts", { method: "POST", body: { name, content } });

/** What a PUT/POST sends: the document without the read-only badge section the API adds for free plans. */
export function writable(doc: EditorDocument): EditorDocument {
  return {
    name: doc.name,
    ...(doc.generalSettings && Object.keys(doc.generalSettings).length ? { generalSettings: doc.generalSettings } : {}),
    sections: doc.sections.filter((s) => s.type !== "badge"),
  };
}
