// GET /.well-known/oauth-protected-resource/api (RFC 9728): the metadata of the resource <issuer>/api.
import { documented } from "@/lib/http/operation";
import { metadataResponse, ProtectedResourceMetadata, protectedResourceMetadata } from "@/lib/oauth/metadata";

// The issuer is read from the environment at run time, never baked in at build time.
export const dynamic = "force-dynamic";

export const GET = documented(
  {
    summary: "Protected resource metadata of the API (RFC 9728): its resource identifier <issuer>/api and authorization server",
    tags: ["OAuth 2.0"],
    security: [],
    responses: { "200": { description: "The metadata", content: { "application/json": { schema: ProtectedResourceMetadata } } } },
  },
  (): Response => metadataResponse(protectedResourceMetadata()),
);
