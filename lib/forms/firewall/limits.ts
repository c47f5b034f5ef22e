// Signup limits per brand: submissions per hour from one IP address, from one network (an IPv4 /24, an
// IPv6 /56: what one customer of a provider usually holds, so a bot rotating addresses in its block still
// counts as one) and for one recipient domain (list bombing floods one domain's mailboxes). Counted in the
// shared counters (lib/db/counters.ts), which every instance serving the database sees.
import { isIPv4, isIPv6 } from "node:net";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { RateLimiterRes } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { sharedLimiter } from "@/lib/db/counters";

const WINDOW_SECONDS = 3600;

/** The eight 16-bit groups of an IPv6 address, "::" expanded; null when it is not one. */
function ipv6Groups(ip: string): number[] | null {
  if (!isIPv6(ip)) return null;
  let text = ip.split("%")[0];
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes its two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? front : [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 ? groups : null;
}

/** The network an address belongs to for the limits: "v4:1.2.3.0/24" or "v6:<first 56 bits>/56". */
export function networkOf(ip: string): string {
  const groups = ipv6Groups(ip);
  // IPv4-mapped IPv6 (::ffff:a.b.c.d), as a dual-stack socket reports IPv4 peers, is the IPv4 address.
  if (groups && groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `v4:${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.0/24`;
  }
  if (groups) {
    const hexText = groups.map((g) => g.toString(16).padStart(4, "0")).join("");
    return `v6:${hexText.slice(0, 14)}/56`;
  }
  if (isIPv4(ip)) return `v4:${ip.split(".").slice(0, 3).join(".")}.0/24`;
  return "unknown";
}

/** One address as a key: IPv6 in full (several spellings of one address count once), IPv4-mapped as IPv4. */
export function addressKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (groups && groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  if (groups) return groups.map((g) => g.toString(16)).join(":");
  return isIPv4(ip) ? ip : "unknown";
}

type Limiters = { points: [number, number, number]; ip: RateLimiterAbstract; network: RateLimiterAbstract; domain: RateLimiterAbstract };
let limiters: Limiters | undefined;

function signupLimiters(): Limiters {
  const s = config();
  const points: Limiters["points"] = [
    s.FORMS_SIGNUPS_PER_IP_PER_HOUR,
    s.FORMS_SIGNUPS_PER_NETWORK_PER_HOUR,
    s.FORMS_SIGNUPS_PER_DOMAIN_PER_HOUR,
  ];
  if (limiters && limiters.points.join() === points.join()) return limiters;
  const make = (keyPrefix: string, n: number) => sharedLimiter({ keyPrefix, points: n, duration: WINDOW_SECONDS });
  limiters = {
    points,
    ip: make("form-signups-ip", points[0]),
    network: make("form-signups-net", points[1]),
    domain: make("form-signups-domain", points[2]),
  };
  return limiters;
}

export type LimitVerdict = { ok: true } | { ok: false; limit: "ip" | "network" | "domain"; retryAfterSeconds: number };

/** Counts one submission against the brand's three limits; the first one spent refuses it. */
export async function spendSignupLimits(brandID: string, ip: string, domain: string): Promise<LimitVerdict> {
  for (const [limit, limiter, key] of limitChecks(brandID, ip, domain)) {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { ok: false, limit, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }
  return { ok: true };
}

/**
 * Gives back what spendSignupLimits took (up to the limit that refused it, which counted the attempt too): a
 * submission whose solution turned out to be replayed after its limits were counted (../submit-form.ts),
 * so that a replay costs the limits nothing, as when the replay was found first.
 */
export async function refundSignupLimits(brandID: string, ip: string, domain: string, verdict: LimitVerdict): Promise<void> {
  for (const [limit, limiter, key] of limitChecks(brandID, ip, domain)) {
    await limiter.reward(key, 1);
    if (!verdict.ok && verdict.limit === limit) return;
  }
}

function limitChecks(brandID: string, ip: string, domain: string) {
  const l = signupLimiters();
  // no NUL separator in the keys: a database text column refuses it
  return [
    ["ip", l.ip, `${brandID}|${addressKey(ip)}`],
    ["network", l.network, `${brandID}|${networkOf(ip)}`],
    ["domain", l.domain, `${brandID}|${domain}`],
  ] as const;
}
