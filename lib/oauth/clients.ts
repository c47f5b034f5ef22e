// Registered OAuth apps: created approved by the operator, or requested from the dashboard and approved later.
import { z } from "zod";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { Scope, SCOPES } from "@/lib/http/scopes";
import { ApiProblem } from "@/lib/http/problems";
import { hashSecret, newClientId, PREFIX, randomSecret } from "./secrets";
import { scopesFromJson, sortScopes } from "./scopes";

export const CLIENT_STATUSES = ["pending", "approved", "rejected"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/**
 * Inkwell registers confidential clients only (each authenticates with its secret). A public client (no
 * secret, RFC 6749 section 2.1) could not keep a code from an attacker who intercepts it, so should one ever
 * be registered, PKCE is required of it whatever the operator setting says (RFC 9700 section 2.1.1).
 */
export const CLIENT_TYPES = ["confidential", "public"] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export function pkceRequired(client: { requirePkce: boolean; clientType: string }): boolean {
  return client.requirePkce || client.clientType !== "confidential";
}

/** The columns pkceRequired() and the introspection rule read. */
export const settingsSelect = { clientType: true, requirePkce: true, resourceServer: true } as const;

/** The operator's per-app settings (CLI flags and the operator page). */
export const ClientSettings = z.object({
  requirePkce: z.boolean().optional().meta({ description: "every authorization request must carry a PKCE S256 code_challenge" }),
  resourceServer: z.boolean().optional().meta({ description: "a service of this deployment that may introspect any access token" }),
});
export type ClientSettings = z.infer<typeof ClientSettings>;

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

/** An absolute https URI (http only for loopback development) without a fragment (RFC 6749 section 3.1.2). */
export const RedirectUri = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Must be an absolute URL", params: { code: "invalid-format" } });
      return;
    }
    if (url.hash || value.includes("#"))
      ctx.addIssue({ code: "custom", message: "Must not contain a fragment (#)", params: { code: "invalid-format" } });
    if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
      ctx.addIssue({ code: "custom", message: "Must use https (http is allowed for localhost only)", params: { code: "invalid-format" } });
    }
  });

export const ClientRegistration = z.object({
  name: z.string().trim().min(1).max(100),
  redirectUris: z.array(RedirectUri).min(1).max(10),
  scopes: z
    .array(Scope)
    .min(1)
    .default([...SCOPES]),
  contactEmail: z.email().max(254).optional(),
});
export type ClientRegistration = z.infer<typeof ClientRegistration>;

export type ClientSummary = {
  id: string;
  clientId: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
  status: ClientStatus;
  contactEmail: string | null;
  hasSecret: boolean;
  secretIssuedAt: Date | null;
  createdAt: Date;
  ownerEmail: string | null;
  clientType: ClientType;
  requirePkce: boolean;
  /** requirePkce, or a public client */
  pkceRequired: boolean;
  resourceServer: boolean;
};

const summarySelect = {
  id: true,
  clientId: true,
  name: true,
  redirectUris: true,
  scopes: true,
  status: true,
  contactEmail: true,
  secretHash: true,
  secretIssuedAt: true,
  createdAt: true,
  ...settingsSelect,
  owner: { select: { email: true } },
} as const;

type SummaryRow = {
  id: string;
  clientId: string;
  name: string;
  redirectUris: unknown;
  scopes: unknown;
  status: string;
  contactEmail: string | null;
  secretHash: string | null;
  secretIssuedAt: Date | null;
  createdAt: Date;
  clientType: string;
  requirePkce: boolean;
  resourceServer: boolean;
  owner: { email: string } | null;
};

function toSummary(row: SummaryRow): ClientSummary {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    redirectUris: stringArray(row.redirectUris),
    scopes: scopesFromJson(row.scopes),
    status: row.status as ClientStatus,
    contactEmail: row.contactEmail,
    hasSecret: row.secretHash !== null,
    secretIssuedAt: row.secretIssuedAt,
    createdAt: row.createdAt,
    ownerEmail: row.owner?.email ?? null,
    clientType: row.clientType === "confidential" ? "confidential" : "public",
    requirePkce: row.requirePkce,
    pkceRequired: pkceRequired(row),
    resourceServer: row.resourceServer,
  };
}

export function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Operator command: an approved app with its secret (returned once). */
export async function createApprovedClient(
  input: ClientRegistration,
  settings: ClientSettings = {},
): Promise<{ clientId: string; clientSecret: string }> {
  const clientSecret = randomSecret(PREFIX.clientSecret);
  const clientId = newClientId();
  await db.oAuthClient.create({
    data: {
      id: newId(),
      clientId,
      name: input.name,
      redirectUris: input.redirectUris,
      scopes: sortScopes(input.scopes),
      contactEmail: input.contactEmail ?? null,
      status: "approved",
      secretHash: hashSecret(clientSecret),
      secretIssuedAt: new Date(),
      requirePkce: settings.requirePkce ?? false,
      resourceServer: settings.resourceServer ?? false,
    },
  });
  return { clientId, clientSecret };
}

/** A signed-in user's request for credentials; it waits for the operator. */
export async function requestClient(ownerUserId: string, input: ClientRegistration): Promise<ClientSummary> {
  const row = await db.oAuthClient.create({
    data: {
      id: newId(),
      clientId: newClientId(),
      name: input.name,
      redirectUris: input.redirectUris,
      scopes: sortScopes(input.scopes),
      contactEmail: input.contactEmail ?? null,
      ownerUserId,
      status: "pending",
    },
    select: summarySelect,
  });
  return toSummary(row);
}

export async function setClientStatus(
  clientId: string,
  status: Exclude<ClientStatus, "pending">,
): Promise<{ clientId: string; status: ClientStatus }> {
  const { count } = await db.oAuthClient.updateMany({ where: { clientId }, data: { status } });
  if (count === 0) throw new ApiProblem("not-found", `No OAuth client ${clientId.slice(0, 60)}`);
  if (status === "rejected") {
    // A rejected (or withdrawn) app loses every authorization it had.
    const client = await db.oAuthClient.findUniqueOrThrow({ where: { clientId }, select: { id: true } });
    await db.oAuthGrant.updateMany({ where: { clientId: client.id, revokedAt: null }, data: { revokedAt: new Date() } });
  }
  return { clientId, status };
}

/** Operator command and page: changes an app's settings; the next authorization request follows them. */
export async function updateClientSettings(
  clientId: string,
  settings: ClientSettings,
): Promise<{ clientId: string; requirePkce: boolean; pkceRequired: boolean; resourceServer: boolean }> {
  const data = ClientSettings.parse(settings);
  const { count } = await db.oAuthClient.updateMany({ where: { clientId }, data });
  if (count === 0) throw new ApiProblem("not-found", `No OAuth client ${clientId.slice(0, 60)}`);
  const row = await db.oAuthClient.findUniqueOrThrow({ where: { clientId }, select: settingsSelect });
  return { clientId, requirePkce: row.requirePkce, pkceRequired: pkceRequired(row), resourceServer: row.resourceServer };
}

export async function listClientsOfOwner(ownerUserId: string): Promise<ClientSummary[]> {
  const rows = await db.oAuthClient.findMany({ where: { ownerUserId }, orderBy: { id: "desc" }, select: summarySelect });
  return rows.map(toSummary);
}

export async function listClientsForOperator(): Promise<ClientSummary[]> {
  const rows = await db.oAuthClient.findMany({ orderBy: { id: "desc" }, take: 500, select: summarySelect });
  return rows.map(toSummary);
}

/**
 * Issues a new client secret for an approved app its owner requested; the previous secret stops
 * working at once. The secret is returned once and only its hash is kept.
 */
export async function rotateClientSecret(ownerUserId: string, id: string): Promise<{ clientId: string; clientSecret: string }> {
  const client = await db.oAuthClient.findFirst({ where: { id, ownerUserId }, select: { id: true, clientId: true, status: true } });
  if (!client) throw new ApiProblem("not-found", "No such app");
  if (client.status !== "approved") throw new ApiProblem("conflict", "The app has not been approved yet");
  const clientSecret = randomSecret(PREFIX.clientSecret);
  await db.oAuthClient.update({ where: { id: client.id }, data: { secretHash: hashSecret(clientSecret), secretIssuedAt: new Date() } });
  return { clientId: client.clientId, clientSecret };
}

export type ClientForAuthorize = {
  id: string;
  clientId: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
  developer: string;
  pkceRequired: boolean;
};

/** An approved app by its public client_id, or null. */
export async function findApprovedClient(clientId: string): Promise<ClientForAuthorize | null> {
  if (clientId.length > 100) return null;
  const row = await db.oAuthClient.findUnique({
    where: { clientId },
    select: {
      id: true,
      clientId: true,
      name: true,
      redirectUris: true,
      scopes: true,
      status: true,
      contactEmail: true,
      ...settingsSelect,
      owner: { select: { email: true, name: true } },
    },
  });
  if (!row || row.status !== "approved") return null;
  const developer = row.owner?.name || row.contactEmail || row.owner?.email || "the Inkwell operator";
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    redirectUris: stringArray(row.redirectUris),
    scopes: scopesFromJson(row.scopes),
    developer,
    pkceRequired: pkceRequired(row),
  };
}
