// Browser calls for contacts and their events, with the query keys the dashboard caches them under.
import { apiFetch } from "@/lib/client/api-fetch";
import type { ContactSearchResult } from "@/lib/contacts/search-contacts";
import type { BulkJob, BulkJobRequest } from "@/lib/contacts/tags/schemas";
import type { Contact, ContactEventList, ContactList, ContactStatus } from "./types";

export type ContactFilters = { email?: string; phone?: string; status?: ContactStatus; tag?: string; segmentID?: string };
export type ContactSort = { sort: "createdAt" | "updatedAt"; direction: "asc" | "desc" };
export type ContactListParams = ContactFilters & ContactSort & { limit?: number };

export const CONTACTS_PAGE_SIZE = 100;

/** The dashboard's filtered view: text search plus filters that combine freely (GET /api/contacts/search). */
export type ContactView = {
  q?: string;
  status?: ContactStatus;
  tag?: string;
  segmentID?: string;
  createdFrom?: string;
  createdTo?: string;
  updatedFrom?: string;
  updatedTo?: string;
};
export type SearchSort = { sort: "name" | "email" | "createdAt" | "updatedAt"; direction: "asc" | "desc" };
export const VIEW_KEYS = ["q", "status", "tag", "segmentID", "createdFrom", "createdTo", "updatedFrom", "updatedTo"] as const;

/** Rows per page of the dashboard's search: small pages keep each answer fast; scrolling loads the next. */
export const SEARCH_PAGE_SIZE = 50;

export function searchContacts(view: ContactView & SearchSort & { limit?: number }, offset = 0): Promise<ContactSearchResult> {
  return apiFetch<ContactSearchResult>(`/api/contacts/search${queryString({ limit: SEARCH_PAGE_SIZE, ...view, offset })}`);
}

// ---- bulk jobs: a view's tag change or unsubscribe, and segments' tag jobs, run by the server

export type { BulkJob };
export const bulkJobKeys = {
  all: ["bulk-jobs"] as const,
  list: (segmentID?: string) => ["bulk-jobs", "list", segmentID ?? null] as const,
};
export const listBulkJobs = (segmentID?: string) =>
  apiFetch<{ jobs: BulkJob[] }>(`/api/contacts/jobs${queryString({ segmentID })}`).then((r) => r.jobs);
export const startViewJob = (request: BulkJobRequest) => apiFetch<BulkJob>("/api/contacts/jobs", { method: "POST", body: request });
export const jobIsActive = (job: Pick<BulkJob, "status">) => job.status === "queued" || job.status === "running";

export const contactKeys = {
  all: ["contacts"] as const,
  list: (params: ContactListParams) => ["contacts", "list", params] as const,
  search: (params: ContactView & SearchSort) => ["contacts", "search", params] as const,
  detail: (id: string) => ["contacts", "detail", id] as const,
  events: (id: string) => ["contacts", "events", id] as const,
};

/** A query string from the defined values only; URLSearchParams encodes a phone's + as %2B. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export function listContacts(params: ContactListParams, after?: string): Promise<ContactList> {
  return apiFetch<ContactList>(`/api/contacts${queryString({ limit: CONTACTS_PAGE_SIZE, ...params, after })}`);
}

export function getContact(id: string): Promise<Contact> {
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(id)}`);
}

export function createContact(body: unknown): Promise<Contact> {
  return apiFetch<Contact>("/api/contacts", { method: "POST", body });
}

export function patchContact(id: string, body: unknown): Promise<Contact> {
  return apiFetch<Contact>(`/api/contacts/${encodeURIComponent(id)}`, { method: "PATCH", body });
}

export function listContactEvents(id: string, after?: string): Promise<ContactEventList> {
  return apiFetch<ContactEventList>(`/api/contacts/${encodeURIComponent(id)}/events${queryString({ limit: 50, after })}`);
}

/** "Ada Lovelace", or the best identifier when the contact has no name. */
export function displayName(contact: Pick<Contact, "firstName" | "lastName" | "email" | "phone">): string {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(" ");
  return name || contact.email || contact.phone[0] || "Unnamed contact";
}

export { formatDate, formatDateTime } from "@/components/ui/format";
