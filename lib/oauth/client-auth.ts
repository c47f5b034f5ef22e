// Client authentication at the token, revocation and introspection endpoints (RFC 6749 section 2.3.1): HTTP Basic or
// client_id + client_secret in the body, never both. Every failure is the same invalid_client.
import { db } from "@/lib/db";
import { OAuthError } from "./errors";
import { pkceRequired, settingsSelect } from "./clients";
import { matchesHash } from "./secrets";

export type AuthenticatedClient = { id: string; clientId: string; pkceRequired: boolean; resourceServer: boolean };

function basicCredentials(header: string): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  try {
    // Both parts are form-urlencoded before being joined (RFC 6749 section 2.3.1).
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export async function authenticateClient(request: Request, form: URLSearchParams): Promise<AuthenticatedClient> {
  const header = request.headers.get("authorization");
  const bodyId = form.get("client_id");
  const bodySecret = form.get("client_secret");
  let id: string;
  let secret: string;
  const basic = header !== null;
  if (basic) {
    if (bodySecret !== null)
      throw new OAuthError("invalid_request", "Authenticate the client with HTTP Basic or with body parameters, not both");
    const parsed = basicCredentials(header);
    if (!parsed) throw new OAuthError("invalid_client", "Malformed HTTP Basic credentials", true);
    if (bodyId !== null && bodyId !== parsed.id)
      throw new OAuthError("invalid_client", "client_id does not match the authenticated client", true);
    ({ id, secret } = parsed);
  } else {
    if (!bodyId || bodySecret === null)
      throw new OAuthError("invalid_client", "Client authentication is required (HTTP Basic, or client_id and client_secret)");
    id = bodyId;
    secret = bodySecret;
  }
  const client =
    id.length <= 100
      ? await db.oAuthClient.findUnique({
          where: { clientId: id },
          select: { id: true, clientId: true, status: true, secretHash: true, ...settingsSelect },
        })
      : null;
  const valid = matchesHash(secret, client?.secretHash ?? null);
  if (!client || !valid || client.status !== "approved") throw new OAuthError("invalid_client", "Client authentication failed", basic);
  return { id: client.id, clientId: client.clientId, pkceRequired: pkceRequired(client), resourceServer: client.resourceServer };
}
