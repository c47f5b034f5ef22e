// The pipeline's hook for OAuth bearer tokens: turns an access token into a principal, or null when
// the token is unknown or revoked. Implemented by the OAuth authorization server (lib/oauth).
import type { Principal } from "@/lib/http/principal";

export async function principalForAccessToken(token: string): Promise<Principal | null> {
  void token;
  return null;
}
