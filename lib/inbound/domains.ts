// The return-path domains: RETURN_PATH_DOMAIN (the deployment's default) and the return-path subdomains
// brands gave their verified sending domains (so SPF aligns with the From domain). Read from the database
// at most every 30 s: the delivery worker asks for every message it renders, the listener for every RCPT.
import { config } from "@/lib/config";
import { db } from "@/lib/db";

type Known = { at: number; byBrandDomain: Map<string, string>; all: Set<string> };
const TTL_MS = 30_000;
let known: Known | null = null;
let loading: Promise<Known> | null = null;

async function load(): Promise<Known> {
  const rows = await db.senderDomain.findMany({
    where: { returnPathDomain: { not: null }, verifiedAt: { not: null } },
    select: { brandId: true, domain: true, returnPathDomain: true },
  });
  const byBrandDomain = new Map(rows.map((r) => [`${r.brandId}|${r.domain}`, r.returnPathDomain!]));
  const all = new Set(rows.map((r) => r.returnPathDomain!));
  const fallback = config().RETURN_PATH_DOMAIN;
  if (fallback) all.add(fallback);
  return { at: Date.now(), byBrandDomain, all };
}

async function current(): Promise<Known> {
  if (known && Date.now() - known.at < TTL_MS) return known;
  loading ??= load().finally(() => (loading = null));
  known = await loading;
  return known;
}

/** Forget what was read (a brand changed its return-path domain in this process). */
export function forgetReturnPathDomains(): void {
  known = null;
}

/**
 * The domain of a message's envelope sender: the return-path subdomain of the sender's verified domain,
 * else RETURN_PATH_DOMAIN, else null (the envelope sender stays the From address).
 */
export async function returnPathDomainFor(brandId: string, senderEmail: string): Promise<string | null> {
  const fallback = config().RETURN_PATH_DOMAIN ?? null;
  const domain = senderEmail.slice(senderEmail.lastIndexOf("@") + 1).toLowerCase();
  const { byBrandDomain } = await current();
  return byBrandDomain.get(`${brandId}|${domain}`) ?? fallback;
}

/** Whether mail to `domain` is Inkwell's to take (never an open relay). */
export async function isReturnPathDomain(domain: string): Promise<boolean> {
  const d = domain.toLowerCase().replace(/\.$/, "");
  if (d === config().RETURN_PATH_DOMAIN) return true;
  return (await current()).all.has(d);
}
