// This server's issuer identifier (RFC 8414 `issuer`, RFC 9207 `iss`) and the public origin every OAuth URL
// is built on. It comes from configuration only (APP_URL, else http://localhost:<PORT>, lib/config.ts), never
// from Host or X-Forwarded-* headers: a strict client compares the `iss` of every authorization response
// with the metadata's issuer, so one server must have one issuer whatever name it is reached by, and a
// spoofed X-Forwarded-Host must not be able to name another.
import { config } from "@/lib/config";

export function issuer(): string {
  return config().appOrigin;
}
