// The v4 layer's lifecycle: deprecated since the current version shipped, sunset on 2027-06-15.
// Every v4 response says so in headers (RFC 9745 Deprecation, RFC 8594 Sunset, Link to the successor
// and to the migration guide); after the sunset the layer answers 410 Gone.
import { config, type Config } from "@/lib/config";

/** The release of API version 2026-03-15, which deprecated v4. */
export const DEPRECATED_AT = new Date("2026-03-15T00:00:00Z");
export const DEFAULT_SUNSET_AT = new Date("2027-06-15T00:00:00Z");
export const MIGRATION_GUIDE = "/docs/v4-migration";

/** `V4_SUNSET_AT` (an ISO 8601 instant) moves the sunset, so tests and operators can try the 410. */
export function sunsetAt(settings: Pick<Config, "V4_SUNSET_AT"> = config()): Date {
  const configured = settings.V4_SUNSET_AT;
  return configured ? new Date(configured) : DEFAULT_SUNSET_AT;
}

export function isSunset(now = new Date()): boolean {
  return now.getTime() >= sunsetAt().getTime();
}

/** The headers every v4 response carries; `successor` is the current endpoint's path. */
export function lifecycleHeaders(successor: string): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(DEPRECATED_AT.getTime() / 1000)}`,
    Sunset: sunsetAt().toUTCString(),
    Link: `<${successor}>; rel="successor-version", <${MIGRATION_GUIDE}>; rel="deprecation"; type="text/html"`,
  };
}
