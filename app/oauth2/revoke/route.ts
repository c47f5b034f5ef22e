// POST /oauth2/revoke (RFC 7009).
import { postOnly } from "@/lib/oauth/errors";
import { revocationEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE } = postOnly();

export function POST(request: Request): Promise<Response> {
  return revocationEndpoint(request);
}
