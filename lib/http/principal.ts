// Who is calling: the brand the request acts for and what it may do.
import type { Scope } from "./scopes";

export type Principal = {
  kind: "api-key" | "oauth" | "session";
  brandId: string;
  /** "all" for API keys and dashboard sessions (full access to their brand), the granted set for OAuth */
  scopes: ReadonlySet<Scope> | "all";
  /** the API key, access token or user id; rate limits are counted per credential */
  credentialId: string;
  userId?: string;
  oauthClientId?: string;
};
