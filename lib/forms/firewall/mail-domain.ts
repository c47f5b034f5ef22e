// Whether an address's domain can receive mail: MX records (a null MX, RFC 7505, says it takes none),
// else A or AAAA records (RFC 5321 section 5.1's implicit MX), looked up through the configured resolver
// (DNS_RESOLVER, as sending domains are checked). Only a definite answer refuses: a name that does not
// exist (NXDOMAIN) or has no such records, from a resolver that knows a domain that surely exists. A
// timeout, SERVFAIL or unreachable resolver accepts, so a DNS outage never turns people away. Answers are
// kept for a while: popular domains are asked about once.
import type { Resolver } from "node:dns/promises";
import { config } from "@/lib/config";
import { dnsResolver } from "@/lib/net/dns-resolver";

export type MailDomain = "mail" | "no-mail" | "unknown";

/** A visitor waits for this: a short timeout, one try; no answer in time accepts the address. */
const TIMEOUT_MS = 2_000;
// "unknown" is kept a minute too: with a resolver that does not answer, every submission for the domain
// would otherwise wait out the timeout.
const KEEP_MS: Record<MailDomain, number> = { mail: 60 * 60_000, "no-mail": 5 * 60_000, unknown: 60_000 };
const MAX_KEPT = 10_000;

const kept = new Map<string, { answer: MailDomain; until: number }>();
let resolverFor: { servers: string | undefined; resolver: Resolver } | undefined;

function resolver(): Resolver {
  const servers = config().DNS_RESOLVER;
  if (resolverFor && resolverFor.servers === servers) return resolverFor.resolver;
  const r = dnsResolver({ timeout: TIMEOUT_MS, tries: 1 });
  resolverFor = { servers, resolver: r };
  return r;
}

type Lookup<T> = { records: T[] } | { none: "nxdomain" | "nodata" } | { error: string };

async function lookup<T>(query: () => Promise<T[]>): Promise<Lookup<T>> {
  try {
    return { records: await query() };
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "ENOTFOUND") return { none: "nxdomain" };
    if (code === "ENODATA") return { none: "nodata" };
    return { error: code };
  }
}

/**
 * Whether the resolver can be believed when it says a domain has no mail: it knows the mail servers of a
 * domain that surely has them. A machine without a working resolver (offline, or one that answers "no
 * such domain" to every name) would otherwise turn every visitor away. Asked at most every ten minutes.
 */
const CANARY = "gmail.com";
let canary: { until: number; works: Promise<boolean> } | undefined;
function resolverWorks(): Promise<boolean> {
  if (canary && canary.until > Date.now()) return canary.works;
  const works = lookup(() => resolver().resolveMx(CANARY)).then((mx) => "records" in mx && mx.records.length > 0);
  canary = { until: Date.now() + 10 * 60_000, works };
  return works;
}

async function ask(domain: string): Promise<MailDomain> {
  const answer = await askOnce(domain);
  return answer === "no-mail" && !(await resolverWorks()) ? "unknown" : answer;
}

async function askOnce(domain: string): Promise<MailDomain> {
  const r = resolver();
  const mx = await lookup(() => r.resolveMx(domain));
  if ("records" in mx) {
    // A null MX is one record whose exchange is the root (".", which the resolver gives as "").
    const real = mx.records.filter((m) => m.exchange !== "" && m.exchange !== ".");
    if (real.length) return "mail";
    if (mx.records.length) return "no-mail";
  }
  if ("error" in mx) return "unknown";
  if ("none" in mx && mx.none === "nxdomain") return "no-mail";
  const [a, aaaa] = await Promise.all([lookup(() => r.resolve4(domain)), lookup(() => r.resolve6(domain))]);
  if (("records" in a && a.records.length) || ("records" in aaaa && aaaa.records.length)) return "mail";
  if ("error" in a || "error" in aaaa) return "unknown";
  return "no-mail";
}

/** Lookups under way: a burst of signups for one domain asks DNS once. */
const asking = new Map<string, Promise<MailDomain>>();

/** Whether mail can be delivered to `domain` (an ASCII domain name, lower case). */
export async function mailDomain(domain: string): Promise<MailDomain> {
  const hit = kept.get(domain);
  if (hit && hit.until > Date.now()) return hit.answer;
  let pending = asking.get(domain);
  if (!pending) {
    pending = ask(domain)
      .then((answer) => {
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(domain, { answer, until: Date.now() + KEEP_MS[answer] });
        return answer;
      })
      .finally(() => asking.delete(domain));
    asking.set(domain, pending);
  }
  return pending;
}
