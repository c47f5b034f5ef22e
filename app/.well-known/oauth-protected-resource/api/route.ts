// GET /.well-known/oauth-protected-resource/api (RFC 9728): the metadata of the resource <issuer>/api.
import { metadataResponse, protectedResourceMetadata } from "@/lib/oauth/metadata";

// The issuer is read from the environment at run time, never baked in at build time.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return metadataResponse(protectedResourceMetadata());
}
