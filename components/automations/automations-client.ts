// Browser calls for automations, with the query keys the dashboard caches them under. The shapes are the
// published ones (lib/automations/schemas.ts) as the API returns them.
import type { z } from "zod";
import type { AutomationFigures, AutomationFiguresList } from "@/lib/automations/figures";
import type { HistoryList } from "@/lib/automations/history";
import type { JourneyList } from "@/lib/automations/journeys";
import type { SimulationResult } from "@/lib/automations/simulate";
import type { Paging } from "@/lib/http/pagination";
import { apiFetch } from "@/lib/client/api-fetch";
import { queryString } from "@/components/contacts/contacts-client";

export type Units = "m" | "h" | "d" | "w" | "M";
export type Weekday = "sunday" | "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday";
export type EventFilter = { field: string; operator: string; value?: unknown };
export type FilterGroup<F = EventFilter> = { logicalOperator: "and" | "or"; filters: F[] };
export type ContactFilter = { field: string; operator: string; value: string };
export type SplitFilter = {
  type: "event" | "contact" | "message";
  field: string;
  operator: string;
  value?: unknown;
  urlMatch?: { operator: string; value?: string };
};

export type Delay = {
  mode: "duration" | "immediate" | "specificTime";
  duration?: { amount: number; units: Units };
  time?: string;
  allowedWeekdays?: Weekday[];
};
export type SendEmail = {
  contentID?: string;
  templateID?: string;
  isSkipAllowed?: boolean;
  language: string;
  preheader: string;
  subject: string;
  senderName: string;
  senderEmail?: string;
  replyToEmail?: string;
  /** the subscription topic it is sent for (docs/topics.md) */
  topicID?: string;
};
export type Action =
  | { type: "sendEmail"; sendEmail: SendEmail }
  | { type: "sendWebhook"; sendWebhook: { callbackUrl: string; body: string; headers?: { key: string; value: string }[] } }
  | { type: "addTag"; addTag: { value: string } }
  | { type: "removeTag"; removeTag: { value: string } };

/** A block as the builder keeps it: `id` for a saved block, `temporaryID` for one added since. */
export type Block = { id?: string; temporaryID?: string; type: "delay" | "action" | "split" | "abTesting" } & (
  | { type: "delay"; delay: Delay }
  | { type: "action"; action: Action }
  | { type: "split"; split: { filterGroup: FilterGroup<SplitFilter>; trueBlocks: Block[]; falseBlocks: Block[] } }
  | { type: "abTesting"; abTesting: { aBlocksPercentage: number; aBlocks: Block[]; bBlocks: Block[] } }
);

export type Trigger = {
  condition: { event: string; origin?: string; filterGroups?: FilterGroup[] };
  audienceFilterGroup?: FilterGroup<ContactFilter>;
  inactivitySettings?: { duration: { amount: number; units: "m" | "h" | "d" | "w" } };
};
export type ExitCondition = { event: string; origin?: string; filterGroup?: FilterGroup };
export type Settings = {
  sendingThresholds: { email: "subscribed" | "nonSubscribed" | "all"; sms: "subscribed" | "nonSubscribed" | "all" };
  frequencyLimiter?: { mode: "once" | "interval"; duration?: { amount: number; units: "h" | "d" | "w" } };
  overlapLimiter?: { mode: "currentlyIn" | "recentlyIn"; automationIDs: string[]; withinDays?: number };
};

export type Automation = {
  id: string;
  brandID: string;
  name: string;
  isEnabled: boolean;
  createdAt: string;
  updatedAt: string;
  enabledAt?: string;
  disabledAt?: string;
  trigger: Trigger;
  blocks: Block[];
  exitConditions: ExitCondition[];
  settings: Settings;
};

export type AutomationPage = { automations: Automation[]; paging: Paging };
export type Figures = z.infer<typeof AutomationFiguresList>["figures"][number];
export type BlockFigures = z.infer<typeof AutomationFigures>;
export type Simulation = z.infer<typeof SimulationResult>;
export type Journeys = z.infer<typeof JourneyList>;
export type History = HistoryList;

export const automationKeys = {
  all: ["automations"] as const,
  page: (cursor: string | undefined) => ["automations", "page", cursor ?? ""] as const,
  figures: (ids: string[]) => ["automations", "figures", ids] as const,
  detail: (id: string) => ["automations", "detail", id] as const,
  blockFigures: (id: string) => ["automations", "block-figures", id] as const,
  history: (id: string, updatedAt: string) => ["automations", "history", id, updatedAt] as const,
  journeys: (contactId: string) => ["automations", "journeys", contactId] as const,
};

const enc = encodeURIComponent;

export const listAutomations = (cursor: { after?: string; before?: string }) =>
  apiFetch<AutomationPage>(`/api/automations${queryString({ limit: 25, ...cursor })}`);
export const automationFigures = (ids: string[]) =>
  apiFetch<{ figures: Figures[]; currency: string }>(`/api/automations/figures?${ids.map((id) => `id=${enc(id)}`).join("&")}`);
export const getAutomation = (id: string) => apiFetch<Automation>(`/api/automations/${enc(id)}`);
export const createAutomation = (body: unknown) => apiFetch<Automation>("/api/automations", { method: "POST", body });
export const patchAutomation = (id: string, body: unknown) =>
  apiFetch<Automation>(`/api/automations/${enc(id)}`, { method: "PATCH", body });
export const putBlocks = (id: string, blocks: unknown[]) =>
  apiFetch<Automation>(`/api/automations/${enc(id)}/blocks`, { method: "PUT", body: { blocks } });
export const enableAutomation = (id: string, enrollExisting: boolean) =>
  apiFetch<Automation>(`/api/automations/${enc(id)}/enable`, { method: "POST", body: { enrollExisting } });
export const disableAutomation = (id: string, contactsInWorkflow: "keep" | "exit") =>
  apiFetch<Automation>(`/api/automations/${enc(id)}/disable`, { method: "POST", body: { contactsInWorkflow } });
export const copyAutomation = (id: string) => apiFetch<Automation>(`/api/automations/${enc(id)}/copy`, { method: "POST" });
export const deleteAutomation = (id: string) => apiFetch<void>(`/api/automations/${enc(id)}`, { method: "DELETE" });
export const blockFigures = (id: string) => apiFetch<BlockFigures>(`/api/automations/${enc(id)}/figures`);
export const simulate = (id: string, days: number) =>
  apiFetch<Simulation>(`/api/automations/${enc(id)}/simulate`, { method: "POST", body: { days } });
export const sendBlockTest = (id: string, blockId: string, recipients: string[]) =>
  apiFetch<void>(`/api/automations/${enc(id)}/blocks/${enc(blockId)}/test-email`, { method: "POST", body: { recipients } });
export const automationHistory = (id: string) => apiFetch<History>(`/api/automations/${enc(id)}/history?limit=100`);
/** The newest history entry (a live save's: how many queued emails took the change). */
export const latestChange = (id: string) =>
  apiFetch<History>(`/api/automations/${enc(id)}/history?limit=1`).then((h) => h.history[0] as History["history"][number] | undefined);
export const contactJourneys = (contactId: string) => apiFetch<Journeys>(`/api/contacts/${enc(contactId)}/automations`);

export type Identity = { eventName: string; origin: string | null; eventVersion: string | null; count: number; lastSeenAt: string };
export const eventIdentities = () => apiFetch<{ identities: Identity[] }>("/api/event-identities");
export type PropertyNode = { type: string; displayName?: string; properties?: Record<string, PropertyNode> };
export const eventProperties = (event: string) => eventPropertiesOf([event]);
/** The property trees of these events (recommended, declared or inferred from events received). */
export const eventPropertiesOf = (events: string[]) =>
  apiFetch<{ events: { name: string; origins: string[]; properties?: Record<string, PropertyNode> }[] }>("/api/event-metadata/query", {
    method: "POST",
    body: { category: "automations", events, includeProperties: true },
  });
/** Every event the brand can use: the recommended catalog, its declared custom events, and those it sent. */
export const eventCatalog = () =>
  apiFetch<{ events: { name: string; origins: string[] }[] }>("/api/event-metadata/query", {
    method: "POST",
    body: { category: "automations" },
  });
export type TemplateSummary = { id: string; name: string; updatedAt: string };
export const searchTemplates = (nameContains: string) =>
  apiFetch<{ templates: TemplateSummary[] }>(
    `/api/email-templates${queryString({ limit: 20, sort: "createdAt", nameContains: nameContains || undefined })}`,
  );
