// Mail that comes back through a real Postfix (issue 39's must-show): the built server sends through Postfix
// with RETURN_PATH_DOMAIN set, and Postfix's transport map routes that domain to the server's inbound SMTP
// listener (INBOUND_SMTP_PORT), as a self-hoster's relay does. Postfix's own notices (a remote 550 after
// relaying, an unknown local user, a delay) and mail a person or a mailbox provider sends to the return-path
// domain (an ARF report, a mailto unsubscribe, an auto-reply) all travel through Postfix to the listener;
// the listener's 550 for a foreign or forged recipient makes Postfix bounce to the sender instead of
// relaying. Postfix's timings are seconds (tests/support/postfix.ts).
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../fixtures/smtp-sink";
import { startPostfix, type Postfix } from "../support/postfix";
import { freePort } from "./setup/test-server";
import { oneTextBlockTemplate, startDeliveryEnv, type DeliveryEnv } from "./delivery-setup";
import { until } from "./until";

const DOMAIN = "bounces.inkwell.test";
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/inbound");

let remote: SmtpSink; // inbox.test, remote.test: gone@ 550 at RCPT, defer@ always 451
let outside: SmtpSink; // elsewhere-sender.test: where Postfix bounces what the listener refused
let postfix: Postfix;
let env: DeliveryEnv;
let lib: typeof import("@/lib/delivery");
let sql: typeof import("@/lib/db/sql");
let rp: typeof import("@/lib/inbound/return-path");
let brandId = "";
let key = "";
let templateId = "";

type Sent = { contactId: string; email: string; envelopeFrom: string; messageIdHeader: string; ref: string; mailto: string };

async function send(id: string, email: string, from = { address: "news@acme.test", returnPath: DOMAIN }): Promise<Sent> {
  const res = await env.call("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }] },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  const contactId = res.body.id;
  await lib.enqueueMessages(brandId, {
    source: { kind: "campaign", id },
    content: { templateId, subject: "Sale", senderName: "Acme", senderEmail: from.address, utm: null },
    recipients: [{ contactId }],
  });
  await until(
    () => lib.sourceStats(brandId, { kind: "campaign", id }),
    (s) => s.pending === 0,
    30_000,
  );
  const outcome = (await lib.messageOutcome(brandId, { kind: "campaign", id }, { contactId }))!;
  // Postfix accepted it: for Inkwell it went out (what comes back comes later, by mail).
  expect(outcome).toMatchObject({ status: "sent" });
  // What Postfix cannot deliver never reaches the sink; the addresses are the message's own (return-path.ts).
  const relayed = () => remote.received.find((r) => r.raw.includes(`X-Inkwell-Message-ID: ${outcome.messageID}`)) ?? null;
  const sentMail = email.endsWith("@inbox.test")
    ? await until(
        async () => relayed(),
        (r) => r !== null,
      )
    : null;
  const envelopeFrom = rp.returnPathAddress("bounce", outcome.messageID, from.returnPath);
  if (sentMail) expect(sentMail.from).toBe(envelopeFrom);
  return {
    contactId,
    email,
    envelopeFrom,
    messageIdHeader: sentMail?.messageId ?? "",
    ref: outcome.messageID,
    mailto: rp.returnPathAddress("unsubscribe", outcome.messageID, from.returnPath),
  };
}

/** Submits `raw` to Postfix (as a mailbox provider or a person's mail server would reach the MX). */
async function viaPostfix(raw: Buffer, to: string, from = ""): Promise<void> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: postfix.port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    transport.close();
  }
}

function fixture(file: string, s: Sent, rcpt: string): Buffer {
  const fill: Record<string, string> = {
    RCPT: rcpt,
    RETURN_PATH: s.envelopeFrom,
    ORIGINAL_RCPT: s.email,
    MESSAGE_ID_HEADER: s.messageIdHeader,
    MESSAGE_REF: s.ref,
    UNSUBSCRIBE: s.mailto,
  };
  const text = fs.readFileSync(path.join(FIXTURES, file), "utf8");
  // Delivered-To / X-Original-To are what the final mail server adds; left in, Postfix would see a loop.
  return Buffer.from(
    text.replace(/^(Delivered-To|X-Original-To): .*\r?\n/gm, "").replace(/\{\{([A-Z_]+)\}\}/g, (_, k: string) => fill[k] ?? ""),
  );
}

type Row = { outcome: string | null; status: string; messageId: string | null; via: string; recipient: string };
const inboundRows = () =>
  sql.sqlReader().all<Row>(`SELECT "outcome", "status", "messageId", "via", "recipient" FROM "InboundMail" ORDER BY "id"`);
const handledFor = (messageId: string, outcome: string, timeoutMs = 30_000) =>
  until(inboundRows, (rows) => rows.some((r) => r.messageId === messageId && r.status === "done" && r.outcome === outcome), timeoutMs);
const outcomeOf = (s: Sent, id: string) => lib.messageOutcome(brandId, { kind: "campaign", id }, { contactId: s.contactId });
const emailStatus = async (s: Sent) => (await env.call(`/api/contacts/${s.contactId}`, { key })).body.identifiers[0].channels.email.status;

const PIPE_DOMAIN = "rp.pipe.test";

/** Lets the pipe's unprivileged user write the test's SQLite database (a deployment's files belong to it). */
function openDatabaseTo(url: string) {
  if (!url.startsWith("file:")) return;
  const dir = path.dirname(url.slice("file:".length));
  fs.chmodSync(dir, 0o777);
  for (const f of fs.readdirSync(dir)) fs.chmodSync(path.join(dir, f), 0o666);
}

beforeAll(async () => {
  [remote, outside] = await Promise.all([startSmtpSink(), startSmtpSink()]);
  const [inboundPort, postfixPort] = [await freePort(), await freePort()];
  env = await startDeliveryEnv({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(postfixPort),
    SMTP_TLS: "none",
    RETURN_PATH_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: String(inboundPort),
    DELIVERY_PAUSE_MIN_SENT: "100",
  });
  openDatabaseTo(env.server.databaseUrl);
  postfix = await startPostfix({
    port: postfixPort,
    routes: {
      "inbox.test": remote.port,
      "remote.test": remote.port,
      "pipe-remote.test": remote.port,
      [DOMAIN]: inboundPort,
      // A domain Inkwell does not take mail for, wrongly routed to its listener: the listener must refuse it.
      "elsewhere.test": inboundPort,
      "elsewhere-sender.test": outside.port,
    },
    // A brand's own return-path domain goes to receive-mail through a pipe, with docs/delivery.md's line.
    transports: { [PIPE_DOMAIN]: "inkwell:" },
    master: [
      "inkwell unix - n n - 4 pipe",
      `  flags=DOq user=nobody argv=/usr/bin/env DATABASE_URL=${env.server.databaseUrl} AUTH_SECRET=${env.server.authSecret} ` +
        `RETURN_PATH_DOMAIN=${DOMAIN} ${process.execPath} ${path.resolve("build/receive-mail.mjs")} --recipient \${recipient}`,
    ],
    localDomain: "local.test",
    localUsers: ["known"],
  });
  lib = await import("@/lib/delivery");
  sql = await import("@/lib/db/sql");
  rp = await import("@/lib/inbound/return-path");
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markDomainVerified } = await import("@/lib/delivery/senders/senders");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  await markDomainVerified(brandId, "acme.test");
  // Before anything is rendered: the worker reads the return-path domains at most every 30 s.
  const pipeDomain = await markDomainVerified(brandId, "pipe.test");
  const patched = await env.call(`/api/sending-domains/${pipeDomain.id}`, {
    key,
    method: "PATCH",
    body: { returnPathDomain: PIPE_DOMAIN },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const template = await env.call("/api/email-templates", { key, body: oneTextBlockTemplate("Sale", "<p>Hi</p>") });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
}, 180_000);

afterAll(async () => {
  if (process.env.DEBUG_DELIVERY) console.log(postfix?.log(), env?.server.logs().slice(-6000));
  await env?.stop();
  await postfix?.stop();
  await Promise.all([remote?.close(), outside?.close()]);
});

async function expectHardBounce(s: Sent, id: string, detail: RegExp, via = "smtp") {
  const o = await until(
    () => outcomeOf(s, id),
    (x) => x?.status === "bounced",
    40_000,
  );
  expect(o).toMatchObject({ status: "bounced", reason: "hard-bounce" });
  const list = await env.call(`/api/suppressions?email=${encodeURIComponent(s.email)}`, { key });
  expect(list.body.suppressions).toMatchObject([{ email: s.email, reason: "hard-bounce" }]);
  expect(await emailStatus(s)).toBe("unsubscribed");
  const message = await env.call(`/api/messages/${o!.messageID}`, { key });
  expect(message.body.detail).toMatch(detail);
  expect((await lib.sourceStats(brandId, { kind: "campaign", id })).bounced).toBe(1);
  // The row is marked done after its batch's outcomes are recorded.
  const rows = (await handledFor(o!.messageID, "bounce")).filter((r) => r.messageId === o!.messageID);
  expect(rows).toMatchObject([{ outcome: "bounce", via, status: "done" }]);
  expect(rows[0].recipient).toBe(s.envelopeFrom);
}

describe("through Postfix to the inbound listener", () => {
  it("a remote server's 550 after relaying comes back as a hard bounce", async () => {
    const gone = await send("pf-in-remote", "gone@remote.test");
    expect(gone.envelopeFrom).toMatch(new RegExp(`^bounce-${gone.ref}[0-9a-f]{16}@bounces\\.inkwell\\.test$`));
    await expectHardBounce(gone, "pf-in-remote", /^550 5\.1\.1 The email account does not exist/);
  });

  it("an unknown local user of the relay comes back as a hard bounce", async () => {
    const nobody = await send("pf-in-local", "nobody@local.test");
    await expectHardBounce(nobody, "pf-in-local", /unknown user/i);
  });

  it("an ARF report sent through Postfix to the return-path domain is a complaint", async () => {
    const cal = await send("pf-in-arf", "cal@inbox.test");
    await viaPostfix(
      fixture("arf-complaint.eml", { ...cal, envelopeFrom: cal.envelopeFrom }, `fbl@${DOMAIN}`),
      `fbl@${DOMAIN}`,
      "fbl-reports@mailbox.test",
    );
    const o = await until(
      () => outcomeOf(cal, "pf-in-arf"),
      (x) => x?.status === "complained",
      30_000,
    );
    expect(o).toMatchObject({ reason: "complaint" });
    expect((await env.call("/api/suppressions?email=cal@inbox.test", { key })).body.suppressions).toMatchObject([{ reason: "complaint" }]);
    const stats = await lib.sourceStats(brandId, { kind: "campaign", id: "pf-in-arf" });
    expect(stats.complained).toBe(1);
    expect(stats.rates.complaint).toBeGreaterThan(0);
  });

  it("a mail to the List-Unsubscribe mailto sent through Postfix unsubscribes the contact", async () => {
    const uma = await send("pf-in-mailto", "uma@inbox.test");
    expect(uma.mailto).toMatch(new RegExp(`^unsubscribe-${uma.ref}[0-9a-f]{16}@bounces\\.inkwell\\.test$`));
    await viaPostfix(fixture("mailto-unsubscribe.eml", uma, uma.mailto), uma.mailto, uma.email);
    const o = await until(
      () => outcomeOf(uma, "pf-in-mailto"),
      (x) => !!x?.unsubscribedAt,
      30_000,
    );
    expect(o!.status).toBe("sent");
    expect(await emailStatus(uma)).toBe("unsubscribed");
    expect((await lib.sourceStats(brandId, { kind: "campaign", id: "pf-in-mailto" })).unsubscribed).toBe(1);
  });

  it("an auto-reply and Postfix's delay notice change nothing", async () => {
    const [eve, dan] = [await send("pf-in-auto", "eve@inbox.test"), await send("pf-in-delay", "defer@remote.test")];
    await viaPostfix(fixture("auto-reply.eml", eve, eve.envelopeFrom), eve.envelopeFrom, eve.email);
    await handledFor(eve.ref, "auto-reply");
    // The remote server answers 451 every time: Postfix sends a delay notice after 2 s (and bounces after 20 s).
    await handledFor(dan.ref, "delayed", 15_000);
    expect(await outcomeOf(eve, "pf-in-auto")).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await outcomeOf(dan, "pf-in-delay")).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await emailStatus(eve)).toBe("subscribed");
    expect(await emailStatus(dan)).toBe("subscribed");
    expect((await env.call("/api/suppressions?email=defer@remote.test", { key })).body.suppressions).toEqual([]);
  });

  it("the listener refuses a foreign or forged recipient at RCPT, so Postfix bounces to the sender instead of relaying", async () => {
    const before = (await inboundRows()).length;
    const ned = await send("pf-in-forged", "ned@inbox.test");
    const at = ned.envelopeFrom.indexOf("@");
    const forged = `${ned.envelopeFrom.slice(0, at - 1)}${ned.envelopeFrom[at - 1] === "0" ? "1" : "0"}${ned.envelopeFrom.slice(at)}`;
    const body = (to: string) => Buffer.from(`From: ops@elsewhere-sender.test\r\nTo: ${to}\r\nSubject: hi\r\n\r\nhi\r\n`);
    await viaPostfix(body("someone@elsewhere.test"), "someone@elsewhere.test", "ops@elsewhere-sender.test");
    await viaPostfix(body(forged), forged, "ops@elsewhere-sender.test");
    const notices = await until(
      async () => outside.received.filter((r) => r.to.includes("ops@elsewhere-sender.test")),
      (r) => r.length === 2,
      30_000,
    );
    const all = notices.map((n) => n.raw).join("\n");
    expect(all).toMatch(/^Final-Recipient: rfc822; someone@elsewhere\.test\r$/m);
    expect(all).toMatch(/550 5\.7\.1 Relaying denied/);
    expect(all).toContain(`Final-Recipient: rfc822; ${forged}`);
    expect(all).toMatch(/550 5\.1\.1 No such recipient here/);
    // Nothing was stored for either, and the forged token changed nothing.
    expect((await inboundRows()).length).toBe(before);
    expect(await outcomeOf(ned, "pf-in-forged")).toMatchObject({ status: "sent" });
    expect(await emailStatus(ned)).toBe("subscribed");
  });
});

describe("through Postfix to a pipe transport (receive-mail, flags DO, an unprivileged user)", () => {
  it("a remote server's 550 for mail from a brand's own return-path domain comes back through the pipe as a hard bounce", async () => {
    const gone = await send("pf-in-pipe", "gone@pipe-remote.test", { address: "news@pipe.test", returnPath: PIPE_DOMAIN });
    expect(gone.envelopeFrom).toMatch(/^bounce-[0-9a-f]{40}@rp\.pipe\.test$/);
    await expectHardBounce(gone, "pf-in-pipe", /^550 5\.1\.1 The email account does not exist/, "pipe");
    // The pipe stores the bounce before it exits, and Postfix logs the delivery only after the exit: wait for the line.
    const delivered = /relay=inkwell, .*status=sent \(delivered via inkwell service/;
    const log = await until(
      async () => postfix.log(),
      (text) => delivered.test(text),
      10_000,
    ).catch(() => postfix.log());
    expect(log).toMatch(delivered);
  });
});
