// A sending domain's DNS: the records a brand publishes (DKIM with the key Inkwell generated for the
// domain, SPF, DMARC), and checking them with the resolver (DNS_RESOLVER, or the system's). The DKIM
// record proves the brand controls the domain and lets receivers verify Inkwell's signatures, so it is
// required; SPF and DMARC are checked and shown as recommended (mailbox providers ask bulk senders for
// both, but they depend on the mail server the deployment relays through).
import { createHmac, generateKeyPairSync, randomBytes } from "node:crypto";
import type { Resolver } from "node:dns/promises";
import { legacySecrets } from "@/lib/auth/keys";
import { open, seal } from "@/lib/auth/sealed";
import { config } from "@/lib/config";
import { dnsResolver } from "@/lib/net/dns-resolver";

export type DkimKeyPair = { selector: string; publicKey: string; privateKeyPem: string };

export type DnsRecord = {
  purpose: "dkim" | "spf" | "dmarc";
  type: "TXT";
  /** the full name of the record */
  host: string;
  value: string;
  required: boolean;
};

export type RecordCheck = { purpose: DnsRecord["purpose"]; status: "ok" | "missing" | "mismatch" | "error"; found: string[] };
export type DomainCheck = { verified: boolean; checks: RecordCheck[]; checkedAt: Date };

export function generateDkimKey(): DkimKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    selector: `inkwell${randomBytes(3).toString("hex")}`,
    publicKey: publicKey.export({ type: "spki", format: "der" }).toString("base64"),
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
}

// The private key at rest: sealed under the "dkim-seal" key derived from AUTH_SECRET (lib/auth/sealed.ts).
// After a rotation AUTH_SECRET_PREVIOUS still opens keys sealed before; keys sealed before per-purpose
// keys existed (under HMAC(AUTH_SECRET, "inkwell dkim private key v1")) are opened with that key, last.
// A key no listed secret opens is unreadable: such a domain signs with DKIM_PRIVATE_KEY_FILE or not at
// all until it is added again.
export function sealPrivateKey(pem: string): string {
  return seal("dkim-seal", pem);
}

export function openPrivateKey(stored: string): string | null {
  const legacy = legacySecrets().map((secret) => createHmac("sha256", secret).update("inkwell dkim private key v1").digest());
  return open("dkim-seal", stored, legacy);
}

function spfValue(): string {
  const settings = config();
  if (settings.SPF_INCLUDE) return `v=spf1 include:${settings.SPF_INCLUDE} ~all`;
  if (settings.smtp && /[a-z]/i.test(settings.smtp.host)) return `v=spf1 a:${settings.smtp.host} mx ~all`;
  return "v=spf1 mx ~all";
}

export function domainRecords(domain: string, selector: string, publicKey: string): DnsRecord[] {
  return [
    { purpose: "dkim", type: "TXT", host: `${selector}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKey}`, required: true },
    { purpose: "spf", type: "TXT", host: domain, value: spfValue(), required: false },
    { purpose: "dmarc", type: "TXT", host: `_dmarc.${domain}`, value: `v=DMARC1; p=none; rua=mailto:dmarc@${domain}`, required: false },
  ];
}

const resolver = () => dnsResolver({ timeout: 3_000, tries: 2 });

async function txt(r: Resolver, host: string): Promise<string[] | "error"> {
  try {
    return (await r.resolveTxt(host)).map((chunks) => chunks.join(""));
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === "ENOTFOUND" || code === "ENODATA" ? [] : "error";
  }
}

function tags(record: string): Map<string, string> {
  return new Map(
    record
      .split(";")
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => [t.slice(0, t.indexOf("=")).trim().toLowerCase(), t.slice(t.indexOf("=") + 1).replace(/\s+/g, "")] as [string, string]),
  );
}

export async function checkDomain(domain: string, selector: string, publicKey: string): Promise<DomainCheck> {
  const r = resolver();
  const [dkim, spf, dmarc] = await Promise.all([txt(r, `${selector}._domainkey.${domain}`), txt(r, domain), txt(r, `_dmarc.${domain}`)]);
  const check = (
    purpose: RecordCheck["purpose"],
    found: string[] | "error",
    ok: (v: string) => boolean,
    relevant: (v: string) => boolean,
  ) => {
    if (found === "error") return { purpose, status: "error" as const, found: [] };
    const mine = found.filter(relevant);
    return {
      purpose,
      status: mine.length === 0 ? ("missing" as const) : mine.some(ok) ? ("ok" as const) : ("mismatch" as const),
      found: mine,
    };
  };
  const include = config().SPF_INCLUDE;
  const checks: RecordCheck[] = [
    check(
      "dkim",
      dkim,
      (v) => tags(v).get("p") === publicKey,
      (v) => /(^|;)\s*p=/i.test(v) || /^v=DKIM1/i.test(v),
    ),
    check(
      "spf",
      spf,
      (v) => !include || v.toLowerCase().split(/\s+/).includes(`include:${include.toLowerCase()}`),
      (v) => /^v=spf1(\s|$)/i.test(v),
    ),
    check(
      "dmarc",
      dmarc,
      () => true,
      (v) => /^v=DMARC1/i.test(v),
    ),
  ];
  return { verified: checks[0].status === "ok", checks, checkedAt: new Date() };
}
