// Browser calls for the event identities registry.
import type { z } from "zod";
import { apiFetch } from "@/lib/client/api-fetch";
import type { EventIdentityList } from "@/lib/events/identities";

export type EventIdentity = z.infer<typeof EventIdentityList>["identities"][number];

export const eventIdentityKeys = { all: ["event-identities"] as const };

export const listEventIdentities = () => apiFetch<z.infer<typeof EventIdentityList>>("/api/event-identities").then((r) => r.identities);
