// Browser calls of the profile's activity: a contact's events (optionally filtered by name and time) and
// the names of its events. Query keys sit under the contact's key, so invalidating the contact refreshes them.
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import type { ContactEventNames } from "@/lib/events/contact-event-names";
import { filterQuery, type ActivityFilters } from "./profile-events";
import type { ContactEventList } from "./types";

export type EventNameCount = z.infer<typeof ContactEventNames>["names"][number];

export const ACTIVITY_PAGE_SIZE = 50;

export const activityKeys = {
  events: (id: string, filters: ActivityFilters) => ["contacts", "events", id, filters] as const,
  names: (id: string) => ["contacts", "events", id, "names"] as const,
};

export function listActivity(id: string, filters: ActivityFilters, after?: string): Promise<ContactEventList> {
  const { eventName, from, to } = filterQuery(filters);
  const search = new URLSearchParams({ limit: String(ACTIVITY_PAGE_SIZE) });
  // Repeated, not comma-joined: an event name may hold a comma.
  for (const name of eventName) search.append("eventName", name);
  if (from) search.set("from", from);
  if (to) search.set("to", to);
  if (after) search.set("after", after);
  return apiFetch<ContactEventList>(`/api/contacts/${encodeURIComponent(id)}/events?${search}`);
}

export async function listEventNames(id: string): Promise<EventNameCount[]> {
  return (await apiFetch<z.infer<typeof ContactEventNames>>(`/api/contacts/${encodeURIComponent(id)}/event-names`)).names;
}
