// Token issuance, refresh rotation with reuse detection, and revocation.
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { Scope } from "@/lib/http/scopes";
import type { AuthenticatedClient } from "./client-auth";
import { OAuthError } from "./errors";
import { hashSecret, PREFIX, randomSecret } from "./secrets";
import { parseScopeList, scopesFromJson } from "./scopes";

/**
 * Access tokens never expire (they end when revoked), but clients expect an integer `expires_in`
 * (spec: "Token response fields: ... expires_in (integer)"). It carries ten years in seconds, which
 * clients treat as "does not expire" while staying within a 32-bit integer.
 */
export const NON_EXPIRING_SECONDS = 10 * 365 * 24 * 3600;

export type TokenResponse = {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
};

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

async function issuePair(tx: Tx, grantId: string, scopes: Scope[]): Promise<TokenResponse> {
  const accessToken = randomSecret(PREFIX.accessToken);
  const refreshToken = randomSecret(PREFIX.refreshToken);
  await tx.oAuthToken.create({
    data: { id: newId(), grantId, accessTokenHash: hashSecret(accessToken), refreshTokenHash: hashSecret(refreshToken), scopes },
  });
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: NON_EXPIRING_SECONDS,
    refresh_token: refreshToken,
    scope: scopes.join(" "),
  };
}

export async function revokeGrant(grantId: string): Promise<void> {
  await db.oAuthGrant.updateMany({ where: { id: grantId, revokedAt: null }, data: { revokedAt: new Date() } });
}

function pkceS256(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export async function exchangeAuthorizationCode(client: AuthenticatedClient, form: URLSearchParams): Promise<TokenResponse> {
  const code = form.get("code");
  const redirectUri = form.get("redirect_uri");
  const verifier = form.get("code_verifier");
  if (!code) throw new OAuthError("invalid_request", "code is required");
  if (!redirectUri) throw new OAuthError("invalid_request", "redirect_uri is required");
  if (verifier !== null && !PKCE_VERIFIER.test(verifier))
    throw new OAuthError("invalid_request", "code_verifier must be 43-128 characters of [A-Za-z0-9-._~]");

  const row = code.length <= 200 ? await db.authorizationCode.findUnique({ where: { codeHash: hashSecret(code) } }) : null;
  if (!row) throw new OAuthError("invalid_grant", "The authorization code is invalid");
  if (row.clientId !== client.id) throw new OAuthError("invalid_grant", "The authorization code was issued to another client");
  if (row.usedAt) {
    // A code seen twice was intercepted or replayed: end everything issued from it (RFC 6749 section 4.1.2).
    await db.oAuthGrant.updateMany({ where: { codeId: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
    throw new OAuthError("invalid_grant", "The authorization code has already been used; the tokens issued from it are revoked");
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new OAuthError("invalid_grant", "The authorization code has expired");
  if (row.redirectUri !== redirectUri) throw new OAuthError("invalid_grant", "redirect_uri does not match the authorization request");
  if (row.codeChallenge) {
    if (verifier === null) throw new OAuthError("invalid_grant", "code_verifier is required (the authorization request used PKCE)");
    if (pkceS256(verifier) !== row.codeChallenge) throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge");
  } else if (verifier !== null) {
    // RFC 9700 section 2.1.1: a verifier without a challenge is refused (PKCE downgrade defence).
    throw new OAuthError("invalid_grant", "code_verifier sent but the authorization request had no code_challenge");
  } else if (client.pkceRequired) {
    // The operator required PKCE after this code was issued: it is not redeemed without it.
    throw new OAuthError("invalid_grant", "This app must use PKCE; start a new authorization request with a code_challenge");
  }

  const scopes = scopesFromJson(row.scopes);
  return db.$transaction(async (tx) => {
    // Marking the code used is the atomic step: of two concurrent redemptions only one gets here with count 1.
    const { count } = await tx.authorizationCode.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (count !== 1) throw new OAuthError("invalid_grant", "The authorization code has already been used");
    const grant = await tx.oAuthGrant.create({
      data: { id: newId(), clientId: client.id, userId: row.userId, brandId: row.brandId, codeId: row.id, scopes },
      select: { id: true },
    });
    return issuePair(tx, grant.id, scopes);
  });
}

export async function refreshAccessToken(client: AuthenticatedClient, form: URLSearchParams): Promise<TokenResponse> {
  const refreshToken = form.get("refresh_token");
  if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
  const row =
    refreshToken.length <= 200
      ? await db.oAuthToken.findUnique({
          where: { refreshTokenHash: hashSecret(refreshToken) },
          select: {
            id: true,
            rotatedAt: true,
            revokedAt: true,
            grant: { select: { id: true, clientId: true, revokedAt: true, scopes: true } },
          },
        })
      : null;
  if (!row || row.grant.clientId !== client.id) throw new OAuthError("invalid_grant", "The refresh token is invalid");
  if (row.rotatedAt) {
    // A rotated refresh token used again means two parties hold it: end the whole family (RFC 9700 section 4.14.2).
    await revokeGrant(row.grant.id);
    throw new OAuthError("invalid_grant", "The refresh token was already used; the authorization is revoked");
  }
  if (row.revokedAt || row.grant.revokedAt) throw new OAuthError("invalid_grant", "The refresh token has been revoked");

  // RFC 6749 section 6: a refresh token carries the scope the resource owner granted, and so does the one
  // that replaces it; a narrower `scope` narrows only the new access token. The grant holds that scope.
  const granted = scopesFromJson(row.grant.scopes);
  let scopes = granted;
  const requested = form.get("scope");
  if (requested !== null) {
    const parsed = parseScopeList(requested);
    if (!parsed.ok) throw new OAuthError("invalid_scope", parsed.description);
    const extra = parsed.scopes.filter((s) => !granted.includes(s));
    if (extra.length > 0) throw new OAuthError("invalid_scope", `Not granted: ${extra.join(" ")}`);
    scopes = parsed.scopes;
  }

  const result = await db.$transaction(async (tx) => {
    const now = new Date();
    // The old pair ends with the rotation: its access token too, so a refresh never leaves two live tokens.
    const { count } = await tx.oAuthToken.updateMany({
      where: { id: row.id, rotatedAt: null, revokedAt: null },
      data: { rotatedAt: now, revokedAt: now },
    });
    if (count !== 1) return null;
    return issuePair(tx, row.grant.id, scopes);
  });
  if (!result) {
    await revokeGrant(row.grant.id);
    throw new OAuthError("invalid_grant", "The refresh token was already used; the authorization is revoked");
  }
  return result;
}

/**
 * RFC 7009: revokes the authorization a token belongs to, when it belongs to this client. Unknown tokens
 * and other clients' tokens are ignored so the answer reveals nothing about them.
 */
export async function revokeToken(client: AuthenticatedClient, token: string, hint: string | null): Promise<void> {
  if (token.length > 200) return;
  const hash = hashSecret(token);
  const select = { grant: { select: { id: true, clientId: true } } } as const;
  const byRefresh = () => db.oAuthToken.findUnique({ where: { refreshTokenHash: hash }, select });
  const byAccess = () => db.oAuthToken.findUnique({ where: { accessTokenHash: hash }, select });
  const row = hint === "refresh_token" ? ((await byRefresh()) ?? (await byAccess())) : ((await byAccess()) ?? (await byRefresh()));
  if (!row || row.grant.clientId !== client.id) return;
  await revokeGrant(row.grant.id);
}
