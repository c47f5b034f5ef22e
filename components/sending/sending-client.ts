// Typed calls for the sending endpoints (messages, senders, suppressions, tracking), shared by the Outbox
// page and Settings → Sending.
import { apiFetch } from "@/lib/client/api-fetch";

export type MessageStatus = "queued" | "sending" | "paused" | "sent" | "failed" | "bounced" | "complained" | "suppressed" | "skipped";

export type MessageSummary = {
  id: string;
  source: { kind: string; id: string };
  contactID: string | null;
  email: string | null;
  subject: string;
  mode: "live" | "test" | "system";
  status: MessageStatus;
  reason: string | null;
  detail: string | null;
  transport: "smtp" | "outbox" | null;
  createdAt: string;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
};
export type MessageDetail = MessageSummary & { from: string; body: { html: string; text: string; headers: Record<string, string> } | null };
type Page<K extends string, T> = { [key in K]: T[] } & { paging: { hasMore: boolean; cursors: { after?: string } } };

export function listMessages(filter: { search?: string; status?: string; mode?: MessageSummary["mode"]; after?: string }) {
  const query = new URLSearchParams({ limit: "50" });
  if (filter.mode) query.set("mode", filter.mode);
  if (filter.search) query.set("search", filter.search);
  if (filter.status) query.set("status", filter.status);
  if (filter.after) query.set("after", filter.after);
  return apiFetch<Page<"messages", MessageSummary>>(`/api/messages?${query}`);
}
export const getMessage = (id: string) => apiFetch<MessageDetail>(`/api/messages/${encodeURIComponent(id)}`);

export type SendingSettings = {
  trackOpens: boolean;
  trackClicks: boolean;
  attributionWindowDays: number;
  revenueCurrency: string;
  transport: "smtp" | "outbox";
  deploymentSender: string;
  deploymentSenderShared: boolean;
};

export type RotatedWebhookSecret = { secret: string; rotatedAt: string };
export const getWebhookSecret = () => apiFetch<{ secret: string }>("/api/automations/webhook-secret");
export const rotateWebhookSecret = () => apiFetch<RotatedWebhookSecret>("/api/automations/webhook-secret/rotate", { method: "POST" });
export const sendingSettingsKey = ["sending-settings"] as const;
export const getSendingSettings = () => apiFetch<SendingSettings>("/api/sending-settings");
export const updateSendingSettings = (
  patch: Partial<Pick<SendingSettings, "trackOpens" | "trackClicks" | "attributionWindowDays" | "revenueCurrency">>,
) => apiFetch<SendingSettings>("/api/sending-settings", { method: "PATCH", body: patch });

export type DnsRecord = {
  purpose: "dkim" | "spf" | "dmarc";
  type: "TXT";
  host: string;
  value: string;
  required: boolean;
  status: "ok" | "missing" | "mismatch" | "error" | "unchecked";
  found: string[];
};
export type SendingDomain = {
  id: string;
  domain: string;
  verified: boolean;
  verifiedAt: string | null;
  lastCheckedAt: string | null;
  records: DnsRecord[];
};
export const domainsKey = ["sending-domains"] as const;
export const listDomains = () => apiFetch<{ domains: SendingDomain[] }>("/api/sending-domains").then((r) => r.domains);
export const addDomain = (domain: string) => apiFetch<SendingDomain>("/api/sending-domains", { method: "POST", body: { domain } });
export const checkDomain = (id: string) =>
  apiFetch<SendingDomain>(`/api/sending-domains/${encodeURIComponent(id)}/verify`, { method: "POST" });
export const removeDomain = (id: string) => apiFetch<void>(`/api/sending-domains/${encodeURIComponent(id)}`, { method: "DELETE" });

export type SenderAddress = {
  id: string;
  email: string;
  name: string;
  verified: boolean;
  verifiedBy: "domain" | "link" | "admin" | null;
  /** confirmed by a link read in the outbox; it does not count now that email is delivered */
  reconfirmationRequired: boolean;
  confirmationSentAt: string | null;
};
export const addressesKey = ["sender-addresses"] as const;
export const listAddresses = () => apiFetch<{ addresses: SenderAddress[] }>("/api/sender-addresses").then((r) => r.addresses);
export const addAddress = (input: { email: string; name: string }) =>
  apiFetch<SenderAddress>("/api/sender-addresses", { method: "POST", body: input });
export const resendConfirmation = (id: string) =>
  apiFetch<SenderAddress>(`/api/sender-addresses/${encodeURIComponent(id)}/confirmation`, { method: "POST" });
export const removeAddress = (id: string) => apiFetch<void>(`/api/sender-addresses/${encodeURIComponent(id)}`, { method: "DELETE" });

export type Suppression = {
  id: string;
  email: string | null;
  reason: "hard-bounce" | "complaint" | "erased" | "manual";
  detail: string | null;
  createdAt: string;
};
export const suppressionsKey = ["suppressions"] as const;
export function listSuppressions(after?: string) {
  const query = new URLSearchParams({ limit: "50" });
  if (after) query.set("after", after);
  return apiFetch<Page<"suppressions", Suppression>>(`/api/suppressions?${query}`);
}
export const addSuppression = (email: string) => apiFetch<Suppression>("/api/suppressions", { method: "POST", body: { email } });
export const liftSuppression = (id: string) => apiFetch<void>(`/api/suppressions/${encodeURIComponent(id)}`, { method: "DELETE" });
