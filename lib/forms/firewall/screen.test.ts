// The signup firewall against a real DNS server on this machine (tests/fixtures/dns-server.ts, through
// DNS_RESOLVER) and real ALTCHA solutions (altcha-lib's solver, as the page's script solves them).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createChallenge as altchaChallenge } from "altcha-lib/v1";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SubmissionToScreen } from "@/lib/forms/public-view";
import { solveAltcha, type AltchaChallenge } from "@/tests/fixtures/altcha";
import { startDnsFixture, type DnsFixture } from "@/tests/fixtures/dns-server";

let dns: DnsFixture;
let screenSubmission: typeof import("./screen").screenSubmission;
let createChallenge: typeof import("./challenge").createChallenge;
let networkOf: typeof import("./limits").networkOf;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "form-firewall-"));

beforeAll(async () => {
  dns = await startDnsFixture();
  Object.assign(process.env, {
    DNS_RESOLVER: dns.address,
    DATABASE_URL: `file:${path.join(dir, "forms.db")}`, // the limits live in memory; spent solutions in FormChallengeSpent
    AUTH_SECRET: "unit-test-secret-form-firewall",
    FORMS_CHALLENGE_MAX_NUMBER: "2000",
    FORMS_SIGNUPS_PER_IP_PER_HOUR: "3",
    FORMS_SIGNUPS_PER_NETWORK_PER_HOUR: "5",
    FORMS_SIGNUPS_PER_DOMAIN_PER_HOUR: "4",
  });
  await (await import("../../../scripts/db/migrate")).applyMigrations();
  ({ screenSubmission } = await import("./screen"));
  ({ createChallenge } = await import("./challenge"));
  ({ networkOf } = await import("./limits"));
  for (const domain of ["acme.test", "gmail.com", "bulk-signups.test", ...Array.from({ length: 12 }, (_, i) => `net${i}.test`)])
    dns.mx.set(domain, [{ exchange: `mx.${domain}`, priority: 10 }]);
  dns.a.set("a-only.test", ["192.0.2.7"]);
  dns.aaaa.set("aaaa-only.test", ["2001:db8::7"]);
  dns.txt.set("txt-only.test", ["v=spf1 -all"]);
  dns.mx.set("null-mx.test", [{ exchange: "", priority: 0 }]);
  dns.servfail.add("servfail.test");
  dns.silent.add("silent.test");
});
afterAll(async () => {
  await dns.close();
  await (await import("@/lib/db")).closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});

const encode = (payload: object) => Buffer.from(JSON.stringify(payload)).toString("base64");

async function solve(challenge: AltchaChallenge) {
  return solveAltcha(challenge);
}

let ipCounter = 0;
/** A submission with a freshly solved challenge, from an address of its own unless one is given. */
async function submission(fields: Partial<SubmissionToScreen> = {}): Promise<SubmissionToScreen> {
  ipCounter++;
  // a brand of its own unless one is given: the limits count per brand
  const brandID = fields.brandID ?? `brand-${ipCounter}`;
  const formID = fields.formID ?? "form-1";
  return {
    brandID,
    formID,
    email: "ada@acme.test",
    honeypot: "",
    altcha: await solve(await createChallenge({ brandID, formID })),
    acceptTypo: false,
    ip: `10.${ipCounter >> 8}.${ipCounter & 255}.1`,
    userAgent: "vitest",
    ...fields,
  };
}

describe("screenSubmission", { timeout: 30_000 }, () => {
  it("accepts a person: solved challenge, empty honeypot, a domain with MX records", async () => {
    expect(await screenSubmission(await submission())).toEqual({ verdict: "accept" });
    // the honeypot absent altogether is a person too
    expect(await screenSubmission(await submission({ honeypot: undefined }))).toEqual({ verdict: "accept" });
  });

  it("drops a submission whose honeypot is filled, even with a solved challenge", async () => {
    expect(await screenSubmission(await submission({ honeypot: "https://spam.example" }))).toEqual({ verdict: "drop", reason: "honeypot" });
  });

  it("drops a missing, malformed, wrong or forged solution", async () => {
    const base = await submission();
    expect(await screenSubmission({ ...base, altcha: undefined })).toEqual({ verdict: "drop", reason: "challenge" });
    expect(await screenSubmission({ ...base, altcha: "" })).toEqual({ verdict: "drop", reason: "challenge" });
    expect(await screenSubmission({ ...base, altcha: "not base64 json" })).toEqual({ verdict: "drop", reason: "challenge" });
    expect(await screenSubmission({ ...base, altcha: encode({ algorithm: "MD5" }) })).toEqual({ verdict: "drop", reason: "challenge" });
    const posted = JSON.parse(Buffer.from(base.altcha!, "base64").toString());
    expect(await screenSubmission({ ...base, altcha: encode({ ...posted, number: posted.number + 1 }) })).toMatchObject({
      verdict: "drop",
    });
    // a challenge signed with another key (a bot making its own easy challenges)
    const forged = await altchaChallenge({
      hmacKey: "guessed",
      maxnumber: 10,
      params: { brand: "brand-1", form: "form-1", expires: "9999999999" },
    });
    expect(await screenSubmission({ ...base, altcha: await solve(forged) })).toEqual({ verdict: "drop", reason: "challenge" });
    // the untouched solution still works: none of the above spent it
    expect(await screenSubmission(base)).toEqual({ verdict: "accept" });
  });

  it("drops a solution made for another form or another brand", async () => {
    const otherForm = await solve(await createChallenge({ brandID: "brand-1", formID: "form-2" }));
    expect(await screenSubmission(await submission({ brandID: "brand-1", altcha: otherForm }))).toEqual({
      verdict: "drop",
      reason: "challenge",
    });
    const otherBrand = await solve(await createChallenge({ brandID: "brand-2", formID: "form-1" }));
    expect(await screenSubmission(await submission({ brandID: "brand-1", altcha: otherBrand }))).toEqual({
      verdict: "drop",
      reason: "challenge",
    });
  });

  it("drops a replayed solution: each is taken once", async () => {
    const first = await submission();
    expect(await screenSubmission(first)).toEqual({ verdict: "accept" });
    expect(await screenSubmission({ ...first, email: "bea@acme.test" })).toEqual({ verdict: "drop", reason: "replayed-challenge" });
  });

  it("defers an accepted solution's spend to the caller (the worker thread's one round trip); a replay found then gives its limits back", async () => {
    const { spendOnce } = await import("./challenge");
    const ip = "198.51.100.40";
    const first = await submission({ brandID: "brand-deferred", ip });
    const accepted = await screenSubmission(first, { deferSpend: true });
    if (!("spend" in accepted)) throw new Error(`expected a deferred spend, got ${JSON.stringify(accepted)}`);
    // Posted again before the first is spent: accepted too, and the spend decides (once).
    const again = await screenSubmission(first, { deferSpend: true });
    if (!("spend" in again)) throw new Error("expected a deferred spend");
    expect(await spendOnce(accepted.spend.solution)).toBe(true);
    expect(await spendOnce(again.spend.solution)).toBe(false);
    await again.spend.refund();
    // Posted once more: the spend finds the replay again and the refund gives the limits back again, so the
    // solution counted once against the IP's 3 an hour.
    const third = await screenSubmission(first, { deferSpend: true });
    if (!("spend" in third)) throw new Error("expected a deferred spend");
    expect(await spendOnce(third.spend.solution)).toBe(false);
    await third.spend.refund();
    for (let i = 0; i < 2; i++)
      expect(await screenSubmission(await submission({ brandID: "brand-deferred", ip }))).toEqual({ verdict: "accept" });
    expect(await screenSubmission(await submission({ brandID: "brand-deferred", ip }))).toMatchObject({ code: "rate-limited" });
    // A verdict other than accept spends the solution first, as without deferring: the replay wins.
    const typo = await submission({ email: "ada@gmial.com" });
    expect(await screenSubmission(typo, { deferSpend: true })).toMatchObject({ code: "typo" });
    expect(await screenSubmission(typo, { deferSpend: true })).toEqual({ verdict: "drop", reason: "replayed-challenge" });
  });

  it("drops an expired solution", async () => {
    const late = await submission();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 1201_000); // FORMS_CHALLENGE_EXPIRES_SECONDS defaults to 1200
      expect(await screenSubmission(late)).toEqual({ verdict: "drop", reason: "challenge" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a malformed address with 400", async () => {
    for (const email of ["", "ada", "ada@", "@acme.test", "ada@acme", "ada @acme.test", "ada@acme..test"])
      expect(await screenSubmission(await submission({ email }))).toMatchObject({ verdict: "reject", status: 400, code: "invalid-email" });
  });

  it("limits signups per IP address, with the time to wait; a person's corrected mistakes do not count", async () => {
    const ip = "198.51.100.20";
    for (const email of ["ada@gmial.com", "ada@mailinator.com", "ada@nxdomain.test"])
      expect(await screenSubmission(await submission({ brandID: "brand-ip", ip, email }))).toMatchObject({
        verdict: "reject",
        status: 422,
      });
    for (let i = 0; i < 3; i++)
      expect(await screenSubmission(await submission({ brandID: "brand-ip", ip }))).toEqual({ verdict: "accept" });
    const refused = await screenSubmission(await submission({ brandID: "brand-ip", ip }));
    expect(refused).toMatchObject({ verdict: "reject", status: 429, code: "rate-limited" });
    expect(refused.verdict === "reject" && refused.retryAfterSeconds).toBeGreaterThan(3000);
    // another brand's forms count apart
    expect(await screenSubmission(await submission({ brandID: "brand-ip-2", ip }))).toEqual({ verdict: "accept" });
  });

  it("limits signups per network: an IPv4 /24, an IPv6 /56", async () => {
    for (let i = 1; i <= 5; i++)
      expect(await screenSubmission(await submission({ brandID: "brand-net", ip: `203.0.113.${i}`, email: `p@net${i}.test` }))).toEqual({
        verdict: "accept",
      });
    expect(await screenSubmission(await submission({ brandID: "brand-net", ip: "203.0.113.99" }))).toMatchObject({
      status: 429,
      code: "rate-limited",
    });
    expect(await screenSubmission(await submission({ brandID: "brand-net", ip: "203.0.114.1", email: "p@net6.test" }))).toEqual({
      verdict: "accept",
    });
    // IPv4-mapped addresses are the IPv4 network
    expect(await screenSubmission(await submission({ brandID: "brand-net", ip: "::ffff:203.0.113.7" }))).toMatchObject({ status: 429 });

    for (let i = 1; i <= 5; i++)
      expect(
        await screenSubmission(await submission({ brandID: "brand-net", ip: `2001:db8:aa:bb${i}0::${i}`, email: `q@net${i}.test` })),
      ).toEqual({ verdict: "accept" });
    expect(await screenSubmission(await submission({ brandID: "brand-net", ip: "2001:db8:aa:bbff::1" }))).toMatchObject({ status: 429 });
    expect(await screenSubmission(await submission({ brandID: "brand-net", ip: "2001:db8:aa:100::1", email: "q@net7.test" }))).toEqual({
      verdict: "accept",
    });
  });

  it("names networks as the limits count them", () => {
    expect(networkOf("192.0.2.200")).toBe("v4:192.0.2.0/24");
    expect(networkOf("::ffff:192.0.2.1")).toBe("v4:192.0.2.0/24");
    expect(networkOf("2001:db8:1:2ff::1")).toBe(networkOf("2001:0db8:0001:0200:ffff:ffff:ffff:ffff"));
    expect(networkOf("2001:db8:1:200::1")).not.toBe(networkOf("2001:db8:1:300::1"));
    expect(networkOf("not an address")).toBe("unknown");
  });

  it("limits signups per recipient domain", async () => {
    for (let i = 0; i < 4; i++)
      expect(await screenSubmission(await submission({ brandID: "brand-dom", email: `p${i}@bulk-signups.test` }))).toEqual({
        verdict: "accept",
      });
    const refused = await screenSubmission(await submission({ brandID: "brand-dom", email: "p9@BULK-signups.test" }));
    expect(refused).toMatchObject({ status: 429, code: "rate-limited" });
    // the words are fixed: the hosted page shows them, and any site can post there
    expect(refused.verdict === "reject" && refused.detail).toMatch(/for addresses at this domain/);
    expect(refused.verdict === "reject" && refused.detail).not.toMatch(/bulk-signups/i);
    expect(await screenSubmission(await submission({ brandID: "brand-dom", email: "p9@acme.test" }))).toEqual({ verdict: "accept" });
  });

  it("refuses disposable domains (and their subdomains) with a clear message", async () => {
    for (const email of ["bot@mailinator.com", "bot@x7.mailinator.com"]) {
      const refused = await screenSubmission(await submission({ email }));
      expect(refused).toMatchObject({ verdict: "reject", status: 422, code: "disposable-domain" });
      expect(refused.verdict === "reject" && refused.detail).toMatch(/throwaway/);
      expect(refused.verdict === "reject" && refused.detail).not.toMatch(/bot|mailinator|x7/);
    }
  });

  it("hints at a typo; the person may insist on the address as typed", async () => {
    const hint = await screenSubmission(await submission({ email: "ada@gmial.com" }));
    expect(hint).toMatchObject({ verdict: "reject", status: 422, code: "typo", suggestion: "gmail.com" });
    // the hint names the suggestion only, never the typed local part
    expect(hint.verdict === "reject" && hint.detail).toBe(
      "Did you mean an address at gmail.com? Check the address, or send it again as it is if it is right.",
    );
    // insisting skips the hint only: gmial.com is a typosquatter's catch-all, on the disposable list
    expect(await screenSubmission(await submission({ email: "ada@gmial.com", acceptTypo: true }))).toMatchObject({
      code: "disposable-domain",
    });
    expect(await screenSubmission(await submission({ email: "ada@gmal.com" }))).toMatchObject({ code: "typo", suggestion: "gmail.com" });
    dns.mx.set("gmal.com", [{ exchange: "mx.gmal.com", priority: 10 }]);
    expect(await screenSubmission(await submission({ email: "ada@gmal.com", acceptTypo: true }))).toEqual({ verdict: "accept" });
    // an ending alone ("gmail.con") is a typo when the typed domain takes no mail
    expect(await screenSubmission(await submission({ email: "ada@gmail.con" }))).toMatchObject({ code: "typo", suggestion: "gmail.com" });
    expect(await screenSubmission(await submission({ email: "ada@gmail.con", acceptTypo: true }))).toMatchObject({
      code: "no-mail-domain",
    });
    // ... and not when it does (the checker would say acme.de for acme.test)
    expect(await screenSubmission(await submission({ email: "ada@acme.test" }))).toEqual({ verdict: "accept" });
    // nor when the name is two keystrokes from a provider's: the checker says aim.com for ibm.com, cox.net for gmx.net
    for (const domain of ["ibm.com", "gmx.net"]) {
      dns.mx.set(domain, [{ exchange: `mx.${domain}`, priority: 10 }]);
      expect(await screenSubmission(await submission({ email: `ada@${domain}` }))).toEqual({ verdict: "accept" });
    }
    // ... unless that domain takes no mail
    expect(await screenSubmission(await submission({ email: "ada@acme.com" }))).toMatchObject({ code: "typo", suggestion: "me.com" });
  });

  it("checks the domain for MX, else A/AAAA records; only a definite answer refuses", async () => {
    // acceptTypo: the checker guesses other endings for .test names
    const verdict = async (domain: string) => screenSubmission(await submission({ email: `ada@${domain}`, acceptTypo: true }));
    expect(await verdict("a-only.test")).toEqual({ verdict: "accept" });
    expect(await verdict("aaaa-only.test")).toEqual({ verdict: "accept" });
    for (const domain of ["nxdomain.test", "txt-only.test", "null-mx.test"]) {
      const refused = await verdict(domain);
      expect(refused).toMatchObject({ verdict: "reject", status: 422, code: "no-mail-domain" });
      expect(refused.verdict === "reject" && refused.detail).not.toContain(domain);
    }
    // the resolver failing (SERVFAIL) or not answering (a timeout) never turns a person away
    expect(await verdict("servfail.test")).toEqual({ verdict: "accept" });
    expect(await verdict("silent.test")).toEqual({ verdict: "accept" });
    // ... and the next signups for that domain do not wait for the timeout again
    const next = await submission({ email: "bea@silent.test", acceptTypo: true });
    const started = Date.now();
    expect(await screenSubmission(next)).toEqual({ verdict: "accept" });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
