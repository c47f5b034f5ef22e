// The one address guard for every URL Inkwell fetches or calls on someone else's behalf (upload by URL,
// automation webhooks): only public unicast addresses, so no request reaches the machine itself, its
// network or a cloud metadata service (server-side request forgery).
//
// An allow-list, not a deny-list: an IPv4 address must be in no special range of ipaddr.js (loopback,
// private, link-local, CGNAT, multicast, reserved, ...); an IPv6 address must be global unicast
// (2000::/3) and in no special range. IPv6 forms that carry an IPv4 address reach that IPv4 host, so they
// are judged by it: IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
// The rest are refused whole: IPv4-compatible (::a.b.c.d, deprecated; `https://[::7f00:1]/` passed the
// old range check, issue 38), IPv4-translated, local-use NAT64, Teredo.
import dns, { type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");
const NAT64 = ipaddr.parseCIDR("64:ff9b::/96");
const SIX_TO_FOUR = ipaddr.parseCIDR("2002::/16");

function publicIPv4(ip: ipaddr.IPv4): boolean {
  return ip.range() === "unicast";
}

/** The IPv4 address an IPv6 address routes to, for the forms judged by it; null for every other address. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  const bytes = ip.toByteArray();
  if (ip.match(NAT64)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (ip.match(SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * An IPv6 address's trailing dotted quad in hex: ipaddr.js reads any "::a.b.c.d" as IPv4-mapped
 * (::ffff:a.b.c.d), which would judge an IPv4-compatible address by the IPv4 address it names.
 */
function dottedQuadAsHex(address: string): string {
  const match = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!match || match.slice(2).some((n) => Number(n) > 255)) return address;
  const [a, b, c, d] = match.slice(2).map(Number);
  return `${match[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** Whether an address (IPv4 or IPv6, in any form ipaddr.js reads) is a public unicast address. */
export function isPublicAddress(raw: string): boolean {
  const address = dottedQuadAsHex(raw);
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.kind() === "ipv4") return publicIPv4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return publicIPv4(v4);
  return v6.match(GLOBAL_UNICAST) && v6.range() === "unicast";
}

/** A URL's host as compared and checked: lower case, without an IPv6 literal's brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
}

/**
 * Why a URL's host may not be called, before any lookup, or null: a literal address that is not public
 * (a socket does no lookup for one, so guardedLookup never sees it). A name is checked by guardedLookup,
 * when the socket resolves it.
 */
export function hostRefusal(host: string): string | null {
  return ipaddr.isValid(host) && !isPublicAddress(host) ? `${host} is not a public address` : null;
}

export class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, which is not a public address`);
  }
}

/** dns.lookup that refuses non-public addresses, for the socket to use (the address checked is the one connected to: no DNS rebinding). */
export function guardedLookup(host: string): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const list = addresses as LookupAddress[];
      const refused = list.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new RefusedAddress(host, refused.address));
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }));
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  }) as LookupFunction;
}
