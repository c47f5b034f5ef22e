// RFC 7662 token introspection. Who may learn what (section 4 lets the server answer each caller differently):
//  - every approved, authenticated client may introspect the access and refresh tokens issued to itself;
//  - a client the operator marked as a resource server (a service of this deployment that accepts Inkwell's
//    tokens) may introspect any access token, since access tokens are what resource servers receive;
//  - nobody else learns anything about a token: another app's refresh token (it only ever travels between
//    that app and Inkwell), an unknown, revoked or rotated token, and a token the caller may not see all get
//    the same {"active": false}, so the answer never tells whether such a token exists (section 2.2).
// Introspection is not use: it does not rotate, revoke or touch lastUsedAt.
import { z } from "zod";
import { db } from "@/lib/db";
import { SCOPES } from "@/lib/http/scopes";
import type { AuthenticatedClient } from "./client-auth";
import { issuer } from "./issuer";
import { scopesFromJson } from "./scopes";
import { hashSecret, PREFIX } from "./secrets";

export const IntrospectionResponse = z
  .object({
    active: z.boolean().meta({ description: 'true for a live token the caller may see; every other answer is just {"active": false}' }),
    scope: z
      .string()
      .optional()
      .meta({ description: `Space-separated scopes of the token (${SCOPES.join(", ")})` }),
    client_id: z.string().optional().meta({ description: "The app the token was issued to" }),
    token_type: z.literal("Bearer").optional().meta({ description: "Present for access tokens" }),
    iat: z.number().int().optional().meta({ description: "Issued at (seconds since the epoch)" }),
    sub: z.string().optional().meta({ description: "The Inkwell user who authorized the app" }),
    iss: z.string().optional().meta({ description: "This server's issuer identifier" }),
    brand_id: z.string().optional().meta({ description: "The brand the token acts for" }),
  })
  .meta({
    id: "OAuthIntrospectionResponse",
    description: "RFC 7662 section 2.2. There is no `exp`: Inkwell's tokens do not expire; they end when revoked.",
  });
export type IntrospectionResponse = z.infer<typeof IntrospectionResponse>;

const INACTIVE: IntrospectionResponse = { active: false };

const select = {
  createdAt: true,
  scopes: true,
  rotatedAt: true,
  revokedAt: true,
  grant: {
    select: {
      clientId: true,
      userId: true,
      brandId: true,
      scopes: true,
      revokedAt: true,
      client: { select: { clientId: true, status: true } },
    },
  },
} as const;

type TokenRow = NonNullable<Awaited<ReturnType<typeof findByAccess>>>;

function findByAccess(hash: string) {
  return db.oAuthToken.findUnique({ where: { accessTokenHash: hash }, select });
}

function findByRefresh(hash: string) {
  return db.oAuthToken.findUnique({ where: { refreshTokenHash: hash }, select });
}

function answer(row: TokenRow, kind: "access" | "refresh"): IntrospectionResponse {
  return {
    active: true,
    // A refresh token carries the grant's scope (RFC 6749 section 6); an access token may be narrower.
    scope: scopesFromJson(kind === "access" ? row.scopes : row.grant.scopes).join(" "),
    client_id: row.grant.client.clientId,
    ...(kind === "access" ? { token_type: "Bearer" as const } : {}),
    iat: Math.floor(row.createdAt.getTime() / 1000),
    sub: row.grant.userId,
    iss: issuer(),
    brand_id: row.grant.brandId,
  };
}

export async function introspectToken(caller: AuthenticatedClient, token: string, hint: string | null): Promise<IntrospectionResponse> {
  if (token.length > 200) return INACTIVE;
  const hash = hashSecret(token);
  // The prefix names the kind; the hint (RFC 7662 section 2.1) is only a hint and may be wrong.
  const refreshFirst = token.startsWith(PREFIX.refreshToken) || (!token.startsWith(PREFIX.accessToken) && hint === "refresh_token");
  const lookups = refreshFirst
    ? ([
        ["refresh", findByRefresh],
        ["access", findByAccess],
      ] as const)
    : ([
        ["access", findByAccess],
        ["refresh", findByRefresh],
      ] as const);
  for (const [kind, find] of lookups) {
    const row = await find(hash);
    if (!row) continue;
    const own = row.grant.clientId === caller.id;
    const visible = own || (kind === "access" && caller.resourceServer);
    const live = !row.revokedAt && !row.rotatedAt && !row.grant.revokedAt && row.grant.client.status === "approved";
    return visible && live ? answer(row, kind) : INACTIVE;
  }
  return INACTIVE;
}
