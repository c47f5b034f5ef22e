// GET /.well-known/oauth-authorization-server (RFC 8414).
import { documented } from "@/lib/http/operation";
import { AuthorizationServerMetadata, authorizationServerMetadata, metadataResponse } from "@/lib/oauth/metadata";

// The issuer is read from the environment at run time, never baked in at build time.
export const dynamic = "force-dynamic";

export const GET = documented(
  {
    summary: "Authorization server metadata (RFC 8414): issuer, endpoints and capabilities for discovery",
    tags: ["OAuth 2.0"],
    security: [],
    responses: { "200": { description: "The metadata", content: { "application/json": { schema: AuthorizationServerMetadata } } } },
  },
  (): Response => metadataResponse(authorizationServerMetadata()),
);
