// Browser calls for the event identities registry (and the brand's declared event schemas it lists).
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EventIdentityList } from "@/lib/events/identities";

export type EventRegistry = z.infer<typeof EventIdentityList>;
export type EventIdentity = EventRegistry["identities"][number];
export type DeclaredEvent = EventRegistry["declared"][number];

export const eventIdentityKeys = { all: ["event-identities"] as const };

export const getEventRegistry = () => apiFetch<EventRegistry>("/api/event-identities");
