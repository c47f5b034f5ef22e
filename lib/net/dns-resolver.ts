// The resolver of the DNS lookups Inkwell makes itself (a sending domain's records, a signup's mail
// domain): DNS_RESOLVER's servers when set (comma-separated), else the system's.
import { Resolver } from "node:dns/promises";
import { config } from "@/lib/config";

/** A resolver asking DNS_RESOLVER's servers, or the system's; each caller picks its own patience. */
export function dnsResolver(options: { timeout: number; tries: number }): Resolver {
  const resolver = new Resolver(options);
  const servers = config()
    .DNS_RESOLVER?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  return resolver;
}
