// POST /oauth2/introspect (RFC 7662).
import { introspectionEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return introspectionEndpoint(request);
}
