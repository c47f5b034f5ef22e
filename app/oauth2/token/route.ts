// POST /oauth2/token (RFC 6749 sections 4.1.3 and 6).
import { postOnly } from "@/lib/oauth/errors";
import { tokenEndpoint } from "@/lib/oauth/token-endpoint";

export const dynamic = "force-dynamic";

export const { GET, PUT, PATCH, DELETE } = postOnly();

export function POST(request: Request): Promise<Response> {
  return tokenEndpoint(request);
}
