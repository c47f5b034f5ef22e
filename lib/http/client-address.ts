// The address of the client a request came from, for the limits that count per address (signup forms,
// dashboard sign-in) and the IP a consent record keeps. The connection's own address comes from Inkwell's
// server (server/peer-address.ts stamps it, after dropping any such header the client sent); a client can
// write any X-Forwarded-For it likes, so that header is believed only for the proxies the deployment says it
// has in front (TRUST_PROXY, docs/security.md): each appends the address it was reached from, and the one
// TRUST_PROXY hops in from the connection is the client's.
import { config } from "@/lib/config";
import type { ApiHeaders } from "./api-request";

/** Set by server/peer-address.ts (same name there: server/ loads nothing of lib/). */
const PEER_HEADER = "x-inkwell-peer";

/** IPv4 peers of a dual-stack socket are reported as ::ffff:a.b.c.d: kept as the IPv4 address they are. */
const unmapped = (address: string) => address.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, "$1");

/**
 * The client's address, or null when the request did not come through Inkwell's server (no connection
 * address known). `trustedProxies`: how many proxies in front are believed (TRUST_PROXY).
 */
export function clientAddress(headers: ApiHeaders, trustedProxies: number = config().TRUST_PROXY): string | null {
  const peer = headers.get(PEER_HEADER)?.trim();
  if (!peer) return null;
  if (trustedProxies === 0) return unmapped(peer);
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  // The chain as the last proxy sees it: [client?, …, hops the trusted proxies appended]; the peer is the
  // nearest proxy. Fewer hops than trusted proxies: the farthest one named.
  const chain = [...forwarded, peer];
  return unmapped(chain[Math.max(0, chain.length - 1 - trustedProxies)]);
}
