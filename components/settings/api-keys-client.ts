// Typed calls for the API key endpoints, shared by the settings components.
import { apiFetch } from "@/lib/client/api-fetch";

export type ApiKey = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null };
export type CreatedApiKey = { apiKey: ApiKey; key: string };

export const apiKeysQueryKey = ["api-keys"] as const;

export const listApiKeys = () => apiFetch<{ apiKeys: ApiKey[] }>("/api/api-keys").then((r) => r.apiKeys);
export const createApiKey = (name: string) => apiFetch<CreatedApiKey>("/api/api-keys", { method: "POST", body: { name } });
export const revokeApiKey = (id: string) => apiFetch<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
