// GET /.well-known/oauth-authorization-server (RFC 8414).
import { authorizationServerMetadata, metadataResponse } from "@/lib/oauth/metadata";

// The issuer is read from the environment at run time, never baked in at build time.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return metadataResponse(authorizationServerMetadata());
}
