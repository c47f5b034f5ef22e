// The delivery pipeline's promises that no test held (issue 38), against a server of its own with special
// settings: retries doubling up to DELIVERY_MAX_ATTEMPTS then `failed` (a mail server that always answers
// 451), signing with DKIM_PRIVATE_KEY_FILE (verified with mailauth), the SMTP_RATE_PER_SECOND cap, the
// consent entry's address, and the sending thresholds nonSubscribed and all.
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeliveryEnv, type DeliveryEnv } from "./delivery-setup";
import { until } from "./until";

type Lib = typeof import("@/lib/delivery");
let env: DeliveryEnv;
let lib: Lib;
let brandId = "";
let key = "";
let templateId = "";
let keyDir = "";
const contacts: Record<string, string> = {};

const RETRY_BASE_MS = 400;
const MAX_ATTEMPTS = 4;
const RATE = 4;
const DKIM = { selector: "ink2026", domain: "mail.inkwell.test" };
const SENDER = "news@plain.test";

/** The mail server: `retry@...` is answered 451 every time (each attempt's time kept); the rest is accepted. */
type Arrival = { to: string; at: number; raw: string };
const arrivals: Arrival[] = [];
const refusals: number[] = [];
const smtp = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(address, _session, done) {
    if (address.address.toLowerCase().startsWith("retry@")) {
      refusals.push(Date.now());
      return done(Object.assign(new Error("4.2.1 Mailbox busy, try again later"), { responseCode: 451 }));
    }
    done();
  },
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      for (const r of session.envelope.rcptTo) arrivals.push({ to: r.address.toLowerCase(), at: Date.now(), raw });
      done();
    });
  },
});

const id24 = (n: number) => n.toString(16).padStart(24, "0");
const TEMPLATE = {
  name: "Plain",
  sections: [
    {
      id: id24(1),
      rows: [
        {
          id: id24(2),
          columns: [{ id: id24(3), blocks: [{ id: id24(4), type: "text", text: "<p>Hi [[contact.first_name | there]]</p>" }] }],
        },
      ],
    },
  ],
};

const content = (subject: string) => ({ templateId, subject, senderName: "Plain", senderEmail: SENDER, utm: null });

async function addContact(name: string, status = "subscribed"): Promise<string> {
  const res = await env.call("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status } } }], firstName: name },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  contacts[name] = res.body.id;
  return res.body.id;
}

const arrived = (name: string, subject: string) =>
  arrivals.filter((a) => a.to === `${name}@inbox.test` && a.raw.includes(`Subject: ${subject}`));

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-dkim-"));
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  fs.writeFileSync(path.join(keyDir, "dkim.pem"), privateKey.export({ type: "pkcs8", format: "pem" }));
  env = await startDeliveryEnv({
    SMTP_PORT: String(port),
    DELIVERY_RETRY_BASE_MS: String(RETRY_BASE_MS),
    DELIVERY_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    SMTP_RATE_PER_SECOND: String(RATE),
    DKIM_PRIVATE_KEY_FILE: path.join(keyDir, "dkim.pem"),
    DKIM_SELECTOR: DKIM.selector,
    DKIM_DOMAIN: DKIM.domain,
    // Two proxies in front: the visitors' addresses come as X-Forwarded-For "<visitor>, <inner proxy>".
    TRUST_PROXY: "2",
  });
  env.dns.txt.set(`${DKIM.selector}._domainkey.${DKIM.domain}`, [
    `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`,
  ]);
  lib = await import("@/lib/delivery");
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
  brandId = (await createBrand({ name: "Plain", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  // Verified by an operator, with no sending domain of the brand: no key of Inkwell's for plain.test.
  await markAddressVerified(brandId, SENDER, "Plain");
  const template = await env.call("/api/email-templates", { key, body: TEMPLATE });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
  for (const name of ["retry", "signed", "subbed"]) await addContact(name);
  await addContact("nonsub", "nonSubscribed");
  await addContact("unsubbed", "unsubscribed");
  for (let i = 0; i < 12; i++) await addContact(`rate${i}`);
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (keyDir) fs.rmSync(keyDir, { recursive: true, force: true });
});

describe("retries", () => {
  it("wait DELIVERY_RETRY_BASE_MS doubled after each 4xx, and give up as failed (soft-bounce) after DELIVERY_MAX_ATTEMPTS", async () => {
    const source = { kind: "campaign", id: "retries" };
    await lib.enqueueMessages(brandId, { source, content: content("Retry me"), recipients: [{ contactId: contacts.retry }] });
    const outcome = await until(
      () => lib.messageOutcome(brandId, source, { contactId: contacts.retry }),
      (m) => m?.status === "failed",
      30_000,
    );
    expect(outcome).toMatchObject({ status: "failed", reason: "soft-bounce" });
    const listed = await env.call(`/api/messages?contactID=${contacts.retry}`, { key });
    expect(listed.body.messages).toMatchObject([{ status: "failed", attempts: MAX_ATTEMPTS }]);
    // No attempt after giving up.
    await new Promise((r) => setTimeout(r, 4 * RETRY_BASE_MS * 2));
    expect(refusals).toHaveLength(MAX_ATTEMPTS);
    const gaps = refusals.slice(1).map((t, i) => t - refusals[i]);
    // base, 2 × base, 4 × base (a little early for the clock's granularity; the worker's poll only adds).
    gaps.forEach((gap, i) => expect(gap, JSON.stringify(gaps)).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 ** i - 50));
    // The waits grow (4 × base against base: a loaded worker's late poll is well under the 3 × base between them).
    expect(gaps[2], JSON.stringify(gaps)).toBeGreaterThan(gaps[0]);
  });
});

describe("DKIM_PRIVATE_KEY_FILE", () => {
  it("signs a message whose sender's domain has no key of Inkwell's, and the signature verifies with the published key", async () => {
    const source = { kind: "campaign", id: "dkim" };
    await lib.enqueueMessages(brandId, { source, content: content("Signed"), recipients: [{ contactId: contacts.signed }] });
    const [mail] = await until(
      async () => arrived("signed", "Signed"),
      (list) => list.length === 1,
    );
    // the header unfolded (the signer folds it over several lines)
    expect(mail.raw.replace(/\r\n[ \t]+/g, " ")).toMatch(new RegExp(`^DKIM-Signature: .*d=${DKIM.domain.replace(/\./g, "\\.")}`, "m"));
    const resolver = async (name: string, type: string) => {
      const values = env.dns.txt.get(name);
      if (type === "TXT" && values) return values.map((v) => [v]);
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    const dkim = await dkimVerify(Buffer.from(mail.raw), { resolver });
    expect(
      dkim.results.map((r: { status: { result: string }; signingDomain?: string; selector?: string }) => [
        r.status.result,
        r.signingDomain,
        r.selector,
      ]),
    ).toEqual([["pass", DKIM.domain, DKIM.selector]]);
  });
});

describe("SMTP_RATE_PER_SECOND", () => {
  it("caps how many messages a second go to the mail server", async () => {
    const source = { kind: "campaign", id: "rate" };
    const names = Array.from({ length: 12 }, (_, i) => `rate${i}`);
    await lib.enqueueMessages(brandId, { source, content: content("Rated"), recipients: names.map((n) => ({ contactId: contacts[n] })) });
    const all = await until(
      async () => arrivals.filter((a) => a.raw.includes("Subject: Rated")),
      (list) => list.length === 12,
      30_000,
    );
    const times = all.map((a) => a.at).sort((x, y) => x - y);
    // 12 messages at 4 a second: three of nodemailer's windows of a second, the third starting 2 s after the
    // first, which the first message reaches within its second: more than 1 s from the first to the last
    // (uncapped, the 12 reach this local server within a fraction of a second).
    expect(times[11] - times[0], JSON.stringify(times)).toBeGreaterThanOrEqual(1_000);
    // nodemailer counts in fixed windows of a second, so a sliding second may straddle two of them.
    for (let i = 2 * RATE; i < times.length; i++) expect(times[i] - times[i - 2 * RATE], JSON.stringify(times)).toBeGreaterThanOrEqual(900);
  });
});

describe("sending thresholds", () => {
  const threshold = async (id: string, sendingThreshold: "nonSubscribed" | "all") => {
    const source = { kind: "campaign", id };
    const result = await lib.enqueueMessages(brandId, {
      source,
      content: content(`Threshold ${sendingThreshold}`),
      recipients: ["subbed", "nonsub", "unsubbed"].map((n) => ({ contactId: contacts[n] })),
      options: { sendingThreshold, category: sendingThreshold === "all" ? "transactional" : "marketing" },
    });
    await until(
      () => lib.sourceStats(brandId, source),
      (s) => s.pending === 0,
    );
    const statusOf = async (name: string) => (await lib.messageOutcome(brandId, source, { contactId: contacts[name] }))?.status;
    return { result, subbed: await statusOf("subbed"), nonsub: await statusOf("nonsub"), unsubbed: await statusOf("unsubbed") };
  };

  it("nonSubscribed sends to the subscribed and the non-subscribed, never to the unsubscribed", async () => {
    const seen = await threshold("threshold-non", "nonSubscribed");
    expect(seen).toMatchObject({ subbed: "sent", nonsub: "sent", unsubbed: "suppressed" });
    expect(seen.result.reasons).toEqual({ "suppressed:unsubscribed": 1 });
    expect(arrived("nonsub", "Threshold nonSubscribed")).toHaveLength(1);
    expect(arrived("unsubbed", "Threshold nonSubscribed")).toHaveLength(0);
  });

  it("all sends to everyone with an address, the unsubscribed included", async () => {
    const seen = await threshold("threshold-all", "all");
    expect(seen).toMatchObject({ subbed: "sent", nonsub: "sent", unsubbed: "sent" });
    expect(arrived("unsubbed", "Threshold all")).toHaveLength(1);
  });
});

describe("the consent entry of an unsubscribe", () => {
  it("keeps the visitor's address (as the proxy in front passes it on) with the user agent", async () => {
    const mail = arrived("signed", "Signed")[0];
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.raw)![1];
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "User-Agent": "Mail-Provider/1.0",
        "X-Forwarded-For": "203.0.113.7, 10.0.0.1",
      },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const contact = (await env.call(`/api/contacts/${contacts.signed}`, { key })).body;
    expect(contact.consents).toContainEqual(
      expect.objectContaining({ channel: "email", source: "one-click unsubscribe", ip: "203.0.113.7", userAgent: "Mail-Provider/1.0" }),
    );
  });
});
