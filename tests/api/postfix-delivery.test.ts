// Delivery through a real Postfix (Debian's package, tests/support/postfix.ts), as a self-hoster relays:
// Inkwell hands its messages to Postfix, which delivers them to this test's SMTP servers. What arrives is
// signed (DKIM verifies after Postfix, with the RFC 8058 headers among the signed ones); a 550 from Postfix at
// RCPT is a hard bounce and a suppression; and what Postfix accepts and bounces later (a remote server's 550
// after relaying, at RCPT or after the data, an unknown local user) comes back as a bounce notice to the
// message's envelope sender, captured here at an SMTP server for its domain, and a server that keeps answering
// 451 brings a delay notice first. One notice of each kind is kept as a fixture for the inbound
// parser's tests (tests/fixtures/inbound/postfix-*.eml; UPDATE_FIXTURES=1 writes them again).
import fs from "node:fs";
import path from "node:path";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../fixtures/smtp-sink";
import { startPostfix, type Postfix } from "../support/postfix";
import { startDeliveryEnv, type DeliveryEnv, oneTextBlockTemplate } from "./delivery-setup";
import { until } from "./until";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/inbound");
const SENDER = "news@acme.test";

let remote: SmtpSink; // inbox.test and remote.test: accepts all but gone@ (550 at RCPT)
let returns: SmtpSink; // the envelope sender's domain: where Postfix's notices go
let postfix: Postfix;
let env: DeliveryEnv;
let lib: typeof import("@/lib/delivery");
let brandId = "";
let key = "";
let templateId = "";

async function addContact(email: string): Promise<string> {
  const res = await env.call("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }], firstName: "Pat" },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.id;
}

async function send(source: string, emails: string[]) {
  const ids = await Promise.all(emails.map(addContact));
  await lib.enqueueMessages(brandId, {
    source: { kind: "campaign", id: source },
    content: { templateId, subject: "Through Postfix", senderName: "Acme", senderEmail: SENDER },
    recipients: ids.map((contactId) => ({ contactId })),
  });
  await until(
    () => lib.sourceStats(brandId, { kind: "campaign", id: source }),
    (s) => s.pending === 0,
    30_000,
  );
  return ids;
}

/** The notice Postfix sent about `recipient` (with `action`: failed, delayed), once it came. */
const noticeAbout = (recipient: string, action = "failed") =>
  until(
    async () => returns.received.find((r) => r.raw.includes(`<${recipient}>`) && r.raw.includes(`\r\nAction: ${action}\r\n`)) ?? null,
    (r) => r !== null,
    20_000,
  ).then((r) => r!);

/** Keeps a captured notice as a fixture (once, or again under UPDATE_FIXTURES=1). */
function keepFixture(name: string, raw: string) {
  const file = path.join(FIXTURES, name);
  if (fs.existsSync(file) && !process.env.UPDATE_FIXTURES) return;
  fs.mkdirSync(FIXTURES, { recursive: true });
  fs.writeFileSync(file, raw);
}

beforeAll(async () => {
  [remote, returns] = await Promise.all([startSmtpSink(), startSmtpSink()]);
  postfix = await startPostfix({
    routes: { "inbox.test": remote.port, "remote.test": remote.port, "acme.test": returns.port },
    localDomain: "local.test",
    localUsers: ["known"],
    refuse: ["refused@inbox.test"],
  });
  env = await startDeliveryEnv({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(postfix.port), SMTP_TLS: "none" });
  lib = await import("@/lib/delivery");
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  const domain = await env.call("/api/sending-domains", { key, body: { domain: "acme.test" } });
  expect(domain.status, JSON.stringify(domain.body)).toBe(201);
  for (const r of domain.body.records) env.dns.txt.set(r.host, [r.value]);
  const verified = await env.call(`/api/sending-domains/${domain.body.id}/verify`, { key, method: "POST" });
  expect(verified.body).toMatchObject({ verified: true });
  const template = await env.call("/api/email-templates", {
    key,
    body: oneTextBlockTemplate(
      "Postfix",
      '<p>Hi [[contact.first_name | there]]</p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>',
    ),
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
}, 180_000);

afterAll(async () => {
  if (process.env.DEBUG_DELIVERY) console.log(postfix?.log(), env?.server.logs().slice(-4000));
  await env?.stop();
  await postfix?.stop();
  await Promise.all([remote?.close(), returns?.close()]);
});

describe("delivery through Postfix", () => {
  it("arrives with a DKIM signature that verifies after Postfix, the RFC 8058 headers among the signed", async () => {
    const [contactId] = await send("pf-ok", ["ana@inbox.test"]);
    const outcome = await lib.messageOutcome(brandId, { kind: "campaign", id: "pf-ok" }, { contactId });
    expect(outcome).toMatchObject({ status: "sent" });
    const mail = await until(
      async () => remote.received.find((r) => r.to.includes("ana@inbox.test")) ?? null,
      (r) => r !== null,
    );
    // It went through Postfix: Postfix's Received header is on top.
    expect(mail!.raw).toMatch(new RegExp(`^Received: from .*\\r\\n\\s+by ${postfix.hostname.replace(/\./g, "\\.")} \\(Postfix\\)`, "m"));
    const resolver = async (name: string, type: string) => {
      const values = env.dns.txt.get(name);
      if (type === "TXT" && values) return values.map((v) => [v]);
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    const dkim = await dkimVerify(Buffer.from(mail!.raw), { resolver });
    expect(dkim.results.map((r: { status: { result: string }; signingDomain?: string }) => [r.status.result, r.signingDomain])).toEqual([
      ["pass", "acme.test"],
    ]);
    const signed = /^DKIM-Signature:[^]*?\bh=([^;]+);/im.exec(mail!.raw)![1].replace(/\s+/g, "").toLowerCase().split(":");
    expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post", "from", "subject"]));
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    // A provider's own headers stay off mail through a relay that is no provider's (issue 39).
    expect(mail!.raw).not.toMatch(/^(X-SMTPAPI|X-PM-Metadata-[\w-]+):/im);
  });

  it("turns Postfix's 550 at RCPT into a hard bounce and a suppression", async () => {
    const [contactId] = await send("pf-refused", ["refused@inbox.test"]);
    expect(await lib.messageOutcome(brandId, { kind: "campaign", id: "pf-refused" }, { contactId })).toMatchObject({
      status: "bounced",
      reason: "hard-bounce",
    });
    const list = await env.call("/api/suppressions?email=refused@inbox.test", { key });
    expect(list.body.suppressions).toMatchObject([{ email: "refused@inbox.test", reason: "hard-bounce" }]);
  });

  it("gets a bounce notice to the envelope sender for a remote server's 550 after relaying", async () => {
    const [contactId] = await send("pf-remote", ["gone@remote.test"]);
    // Postfix accepted it: for Inkwell the message went out.
    expect(await lib.messageOutcome(brandId, { kind: "campaign", id: "pf-remote" }, { contactId })).toMatchObject({ status: "sent" });
    const notice = await noticeAbout("gone@remote.test");
    expect(notice.from).toBe(""); // the null sender: a notice is never answered
    expect(notice.to).toEqual([SENDER]); // today's envelope sender: the From address
    const parsed = await simpleParser(notice.raw);
    expect(parsed.headers.get("content-type")).toMatchObject({ value: "multipart/report", params: { "report-type": "delivery-status" } });
    expect(notice.raw).toMatch(/^Final-Recipient: rfc822; gone@remote\.test\r$/m);
    expect(notice.raw).toMatch(/^Action: failed\r$/m);
    expect(notice.raw).toMatch(/^Status: 5\.1\.1\r$/m);
    expect(notice.raw).toMatch(/^Diagnostic-Code: smtp; 550 5\.1\.1 The email account does not exist/m);
    keepFixture("postfix-remote-550.eml", notice.raw);
  });

  it("gets a bounce notice for a remote server's 550 after the message's data", async () => {
    await send("pf-late", ["late@remote.test"]);
    const notice = await noticeAbout("late@remote.test");
    expect(notice.to).toEqual([SENDER]);
    expect(notice.raw).toMatch(/^Status: 5\.7\.1\r$/m);
    expect(notice.raw).toMatch(/\(in reply to end of DATA command\)/);
    keepFixture("postfix-550-after-data.eml", notice.raw);
  });

  it("gets a delay notice (not a bounce) while a remote server keeps answering 451", async () => {
    await send("pf-defer", ["defer@remote.test"]);
    const notice = await noticeAbout("defer@remote.test", "delayed");
    expect(notice.to).toEqual([SENDER]);
    expect(notice.raw).toMatch(/^Status: 4\.2\.2\r$/m);
    expect(notice.raw).toMatch(/^Subject: Delayed Mail \(still being retried\)\r$/m);
    keepFixture("postfix-delayed.eml", notice.raw);
  });

  it("gets a bounce notice to the envelope sender for an unknown local user", async () => {
    const [contactId] = await send("pf-local", ["nobody@local.test", "known@local.test"]);
    expect(await lib.messageOutcome(brandId, { kind: "campaign", id: "pf-local" }, { contactId })).toMatchObject({ status: "sent" });
    const notice = await noticeAbout("nobody@local.test");
    expect(notice.to).toEqual([SENDER]);
    expect(notice.raw).toMatch(/^Final-Recipient: rfc822; nobody@local\.test\r$/m);
    expect(notice.raw).toMatch(/^Action: failed\r$/m);
    expect(notice.raw).toMatch(/^Status: 5\.1\.1\r$/m);
    // The known user got hers.
    await until(
      async () => postfix.mailbox("known").length,
      (n) => n === 1,
    );
    expect(postfix.mailbox("known")[0]).toMatch(/^Subject: Through Postfix\r?$/m);
    keepFixture("postfix-unknown-user.eml", notice.raw);
  });
});
