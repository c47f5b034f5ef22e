// The pipeline's hook for OAuth bearer tokens: turns an access token into a principal, or null when
// the token is unknown or revoked. Looked up on every request (no cache), so a revocation takes effect
// on the very next call.
import { db } from "@/lib/db";
import type { Principal } from "@/lib/http/principal";
import { hashSecret, PREFIX } from "./secrets";
import { scopesFromJson } from "./scopes";

// lastUsedAt is written at most once a minute per authorization, so busy apps do not turn every call into a write.
const lastUsedWrites = new Map<string, number>();
const LAST_USED_RESOLUTION_MS = 60_000;

export async function principalForAccessToken(token: string): Promise<Principal | null> {
  if (!token.startsWith(PREFIX.accessToken) || token.length > 200) return null;
  const row = await db.oAuthToken.findUnique({
    where: { accessTokenHash: hashSecret(token) },
    select: {
      id: true,
      scopes: true,
      revokedAt: true,
      grant: { select: { id: true, brandId: true, userId: true, revokedAt: true, client: { select: { clientId: true, status: true } } } },
    },
  });
  if (!row || row.revokedAt || row.grant.revokedAt || row.grant.client.status !== "approved") return null;
  const now = Date.now();
  const grantId = row.grant.id;
  if ((lastUsedWrites.get(grantId) ?? 0) < now - LAST_USED_RESOLUTION_MS) {
    lastUsedWrites.set(grantId, now);
    db.oAuthGrant.update({ where: { id: grantId }, data: { lastUsedAt: new Date(now) } }).catch(() => lastUsedWrites.delete(grantId));
  }
  return {
    kind: "oauth",
    brandId: row.grant.brandId,
    scopes: new Set(scopesFromJson(row.scopes)),
    credentialId: row.id,
    userId: row.grant.userId,
    oauthClientId: row.grant.client.clientId,
  };
}
