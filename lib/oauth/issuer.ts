// This server's issuer identifier (RFC 9207 `iss`): the configured public URL, else the request's origin.
import { config } from "@/lib/config";

export function issuerFor(requestOrigin: string): string {
  return config().APP_URL ? config().appOrigin : requestOrigin;
}
