// Brand API keys: random secrets shown once, stored as SHA-256 hashes.
import { createHash, randomBytes } from "node:crypto";
import type { Statement } from "better-sqlite3";
import { db } from "@/lib/db";
import { rawDb } from "@/lib/raw-db";
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
  if (count > 0) return true;
  return (await db.apiKey.count({ where: { id, brandId } })) > 0;
}

// lastUsedAt is written at most once a minute per key, so a busy integration does not turn every
// request into a database write.
const lastUsedWrites = new Map<string, number>();
const LAST_USED_RESOLUTION_MS = 60_000;

type ActiveKey = { id: string; brandId: string };

// Every API request authenticates, so this lookup runs through the raw driver (one indexed query,
// microseconds on SQLite) rather than Prisma (a few hundred microseconds of per-call overhead). No
// cache: a revoked key is refused on its very next request.
async function findActiveKey(secretHash: string): Promise<ActiveKey | null> {
  const raw = await rawDb();
  const sql = `SELECT "id", "brandId" FROM "ApiKey" WHERE "secretHash" = ${raw.kind === "postgres" ? "$1" : "?"} AND "revokedAt" IS NULL`;
  if (raw.kind === "postgres") return ((await raw.pool.query<ActiveKey>(sql, [secretHash])).rows[0] as ActiveKey | undefined) ?? null;
  lookups ??= raw.sqlite.prepare(sql);
  return (lookups.get(secretHash) as ActiveKey | undefined) ?? null;
}
let lookups: Statement | undefined;

export async function principalForApiKey(secret: string): Promise<Principal | null> {
  if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
  const key = await findActiveKey(hashSecret(secret));
  if (!key) return null;
  const now = Date.now();
  if ((lastUsedWrites.get(key.id) ?? 0) < now - LAST_USED_RESOLUTION_MS) {
    lastUsedWrites.set(key.id, now);
    db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } }).catch(() => lastUsedWrites.delete(key.id));
  }
  return { kind: "api-key", brandId: key.brandId, scopes: "all", credentialId: key.id };
}
