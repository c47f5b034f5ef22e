// POST /oauth2/introspect (RFC 7662).
import { postOnly } from "@/lib/oauth/errors";
import { introspectionEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE } = postOnly();

export function POST(request: Request): Promise<Response> {
  return introspectionEndpoint(request);
}
