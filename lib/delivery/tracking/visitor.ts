// Who loaded a tracking link, as far as the request tells: its user agent and, when a proxy in front of
// Inkwell passes it on, its address (only used to recognise mail privacy proxies, never trusted for
// anything else).
import type { Visitor } from "./hits";

export function visitorOf(request: Request): Visitor {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || request.headers.get("x-real-ip")?.trim() || null;
  return { userAgent: request.headers.get("user-agent"), ip: forwarded };
}
