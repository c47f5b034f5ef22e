// POST /oauth2/revoke (RFC 7009).
import { revocationEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return revocationEndpoint(request);
}
