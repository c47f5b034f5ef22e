// Sending-domain records checked against a real DNS server on this machine (tests/fixtures/dns-server.ts),
// through the resolver the configuration names; the private key is kept sealed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsFixture, type DnsFixture } from "@/tests/fixtures/dns-server";
import { checkDomain, domainRecords, generateDkimKey, openPrivateKey, sealPrivateKey } from "./dns-records";

let dns: DnsFixture;

beforeAll(async () => {
  dns = await startDnsFixture();
  process.env.DNS_RESOLVER = dns.address;
  process.env.AUTH_SECRET ??= "unit-test-secret-dns-records";
});
afterAll(() => dns.close());

// RSA key generation and DNS round trips take seconds on a loaded machine.
describe("sending domain DNS", { timeout: 60_000 }, () => {
  const key = generateDkimKey();

  it("shows DKIM, SPF and DMARC records, DKIM with the generated public key", () => {
    expect(key.selector).toMatch(/^inkwell[0-9a-f]{6}$/);
    const records = domainRecords("acme.test", key.selector, key.publicKey);
    expect(records.map((r) => [r.purpose, r.host, r.required])).toEqual([
      ["dkim", `${key.selector}._domainkey.acme.test`, true],
      ["spf", "acme.test", false],
      ["dmarc", "_dmarc.acme.test", false],
    ]);
    expect(records[0].value).toBe(`v=DKIM1; k=rsa; p=${key.publicKey}`);
  });

  it("is verified once the DKIM record with its key is published; SPF and DMARC are reported", async () => {
    expect(await checkDomain("acme.test", key.selector, key.publicKey)).toMatchObject({
      verified: false,
      checks: [
        { purpose: "dkim", status: "missing" },
        { purpose: "spf", status: "missing" },
        { purpose: "dmarc", status: "missing" },
      ],
    });
    const other = generateDkimKey();
    dns.txt.set(`${key.selector}._domainkey.acme.test`, [`v=DKIM1; k=rsa; p=${other.publicKey}`]);
    dns.txt.set("acme.test", ["google-site-verification=abc", "v=spf1 include:_spf.acme.test ~all"]);
    expect((await checkDomain("acme.test", key.selector, key.publicKey)).checks.map((c) => c.status)).toEqual([
      "mismatch",
      "ok",
      "missing",
    ]);

    for (const r of domainRecords("acme.test", key.selector, key.publicKey)) dns.txt.set(r.host, [r.value]);
    const checked = await checkDomain("acme.test", key.selector, key.publicKey);
    expect(checked.verified).toBe(true);
    expect(checked.checks.map((c) => c.status)).toEqual(["ok", "ok", "ok"]);
  });

  it("seals the private key: it opens with the same secret, and a tampered value does not", () => {
    const sealed = sealPrivateKey(key.privateKeyPem);
    expect(sealed).not.toContain("PRIVATE KEY");
    expect(openPrivateKey(sealed)).toBe(key.privateKeyPem);
    expect(openPrivateKey(sealed.slice(0, -4) + "AAAA")).toBeNull();
  });
});
