// This server's issuer identifier (RFC 9207 `iss`): the configured public URL, else the request's origin.
export function issuerFor(requestOrigin: string): string {
  for (const configured of [process.env.APP_URL, process.env.AUTH_URL]) {
    if (configured) return new URL(configured).origin;
  }
  return requestOrigin;
}
