// Where a client learns how to get a token for this API (RFC 9728 protected-resource metadata). Named in
// the Bearer challenge of every 401 and 403 (RFC 9728 section 5.1 and 5.2), built on the configured
// origin only, like the OAuth issuer (lib/oauth/issuer.ts), never on a request's Host.
import { config } from "@/lib/config";

/** RFC 9728 section 3.1: the well-known suffix goes between the host and the resource's path (/api). */
export const PROTECTED_RESOURCE_METADATA_PATH = "/.well-known/oauth-protected-resource/api";

export function protectedResourceMetadataUrl(): string {
  return `${config().appOrigin}${PROTECTED_RESOURCE_METADATA_PATH}`;
}
