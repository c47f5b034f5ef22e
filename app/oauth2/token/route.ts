// POST /oauth2/token (RFC 6749 sections 4.1.3 and 6).
import { tokenEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return tokenEndpoint(request);
}
