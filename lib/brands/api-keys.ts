// Brand API keys: random secrets shown once, stored as SHA-256 hashes.
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { sqlReader, writeStatement } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import type { Principal } from "@/lib/http/principal";

const KEY_PREFIX = "ink_";
const SHOWN_PREFIX_LENGTH = 12;

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export type ApiKeySummary = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

const summary = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

export async function createApiKey(brandId: string, name: string): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const key = KEY_PREFIX + randomBytes(24).toString("base64url");
  const apiKey = await db.apiKey.create({
    data: { id: newId(), brandId, name, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), secretHash: hashSecret(key) },
    select: summary,
  });
  return { key, apiKey };
}

export function listApiKeys(brandId: string): Promise<ApiKeySummary[]> {
  return db.apiKey.findMany({ where: { brandId }, orderBy: { id: "desc" }, select: summary });
}

/** Revokes a key of the brand; false when the brand has no such key. */
export async function revokeApiKey(brandId: string, id: string): Promise<boolean> {
  const { count } = await db.apiKey.updateMany({ where: { id, brandId, revokedAt: null }, data: { revokedAt: new Date() } });
  forgetActiveKey(id);
  if (count > 0) return true;
  return (await db.apiKey.count({ where: { id, brandId } })) > 0;
}

// lastUsedAt is written at most once a minute per key, so a busy integration does not turn every
// request into a database write.
const lastUsedWrites = new Map<string, number>();
const LAST_USED_RESOLUTION_MS = 60_000;

type ActiveKey = { id: string; brandId: string };

// Every API request authenticates, so this lookup runs through the raw driver (one indexed query)
// rather than Prisma (a few hundred microseconds of per-call overhead).
async function findActiveKey(secretHash: string): Promise<ActiveKey | null> {
  const rows = await sqlReader().all<ActiveKey>(`SELECT "id", "brandId" FROM "ApiKey" WHERE "secretHash" = ? AND "revokedAt" IS NULL`, [
    secretHash,
  ]);
  return rows[0] ?? null;
}

// A key found active is trusted for at most ACTIVE_KEY_TTL_MS before it is looked up again: the hash
// and the query were a tenth of POST /api/events' time at thousands of requests per second. Revoking
// through this process (the dashboard, the API) drops the entry at once; a revocation written by
// another process (the admin CLI, a second server) is honoured within ACTIVE_KEY_TTL_MS. Unknown or
// revoked keys are never cached, so a new key works at once.
const ACTIVE_KEY_TTL_MS = 1000;
const MAX_CACHED_KEYS = 10_000;
const activeKeys = new Map<string, { key: ActiveKey; until: number }>();

function forgetActiveKey(id: string): void {
  for (const [secret, entry] of activeKeys) if (entry.key.id === id) activeKeys.delete(secret);
}

async function activeKeyFor(secret: string, now: number): Promise<ActiveKey | null> {
  const cached = activeKeys.get(secret);
  if (cached && cached.until > now) return cached.key;
  const key = await findActiveKey(hashSecret(secret));
  if (!key) {
    activeKeys.delete(secret);
    return null;
  }
  if (activeKeys.size >= MAX_CACHED_KEYS) activeKeys.clear();
  activeKeys.set(secret, { key, until: now + ACTIVE_KEY_TTL_MS });
  return key;
}

export async function principalForApiKey(secret: string): Promise<Principal | null> {
  if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
  const now = Date.now();
  const key = await activeKeyFor(secret, now);
  if (!key) return null;
  if ((lastUsedWrites.get(key.id) ?? 0) < now - LAST_USED_RESOLUTION_MS) {
    lastUsedWrites.set(key.id, now);
    writeStatement(`UPDATE "ApiKey" SET "lastUsedAt" = ?ts WHERE "id" = ?`, [new Date(now), key.id]).catch(() =>
      lastUsedWrites.delete(key.id),
    );
  }
  return { kind: "api-key", brandId: key.brandId, scopes: "all", credentialId: key.id };
}
