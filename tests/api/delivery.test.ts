// The delivery pipeline end to end, against a server of its own with a real SMTP server on this machine
// (tests/api/delivery-setup.ts): messages queued as a campaign queues them (lib/delivery), worked by the
// server's worker thread, received and parsed at the sink. Headers (RFC 8058 one-click, DKIM verified with
// the domain's published key, Message-ID), personalization, tracking links (no open redirect, machines kept
// apart), a 550 becoming a hard bounce and a suppression, a 451 retried, the one-click POST, provider
// webhooks valid and forged, pausing on a bounce rate, an unverified sender refused.
import { createSign, sign } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POSTMARK_PASSWORD, startDeliveryEnv, type DeliveryEnv, oneTextBlockTemplate } from "./delivery-setup";
import { until } from "./until";

type Lib = typeof import("@/lib/delivery");
let env: DeliveryEnv;
let lib: Lib;
let sql: typeof import("@/lib/db/sql");
let brandId = "";
let key = "";
let otherKey = "";
let templateId = "";
const contacts: Record<string, string> = {};
const FIRST_NAMES: Record<string, string> = {
  ana: "Ana",
  ben: "Ben",
  gone: "Gus",
  busy: "Bea",
  eve: "Eve",
  finn: "Finn",
  gil: "Gil",
  hal: "Hal",
  ivy: "Ivy",
};

const TEMPLATE = oneTextBlockTemplate(
  "Spring sale",
  '<p>Hi [[contact.first_name | there]],</p><p><a href="https://shop.test/sale?size=m">Shop the sale</a></p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>',
);

const content = (over: Record<string, unknown> = {}) => ({
  templateId,
  subject: "Spring sale, [[contact.first_name | friend]]",
  preheader: "Up to 40% off",
  senderName: "Acme",
  senderEmail: "news@acme.test",
  utm: { source: "inkwell", medium: "email", campaign: "spring" },
  ...over,
});

async function addContact(name: string, status = "subscribed"): Promise<string> {
  const email = `${name}@inbox.test`;
  const res = await env.call("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: email, channels: { email: { status } } }], firstName: FIRST_NAMES[name] ?? name },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  contacts[name] = res.body.id;
  return res.body.id;
}

const received = (address: string) => env.sink.received.filter((r) => r.to.includes(address));
const messageOf = (source: string, name: string) =>
  lib.messageOutcome(brandId, { kind: "campaign", id: source }, { contactId: contacts[name] });
const emailStatus = async (name: string) =>
  (await env.call(`/api/contacts/${contacts[name]}`, { key })).body.identifiers[0].channels.email.status;

/** The message's sentAt a minute back, so a hit is not "within seconds of delivery" (a scanner's). */
async function ageMessage(messageId: string) {
  await sql.writeStatement(`UPDATE "Message" SET "sentAt" = ?ts WHERE "id" = ?`, [new Date(Date.now() - 60_000), messageId]);
}

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

beforeAll(async () => {
  env = await startDeliveryEnv();
  lib = await import("@/lib/delivery");
  sql = await import("@/lib/db/sql");
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  otherKey = (await createApiKey((await createBrand({ name: "Other", plan: "pro" })).id, "other")).key;

  // The sending domain: added, its records published in the DNS server, checked.
  const domain = await env.call("/api/sending-domains", { key, body: { domain: "acme.test" } });
  expect(domain.status, JSON.stringify(domain.body)).toBe(201);
  for (const r of domain.body.records) env.dns.txt.set(r.host, [r.value]);
  const verified = await env.call(`/api/sending-domains/${domain.body.id}/verify`, { key, method: "POST" });
  expect(verified.body).toMatchObject({ verified: true, records: [{ purpose: "dkim", status: "ok" }, { status: "ok" }, { status: "ok" }] });

  const template = await env.call("/api/email-templates", { key, body: TEMPLATE });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
  for (const name of ["ana", "ben", "gone", "busy", "eve", "finn", "gil", "hal", "ivy"]) await addContact(name);
  await addContact("cleo", "nonSubscribed");
  await addContact("dan", "unsubscribed");
}, 180_000);

afterAll(async () => {
  if (process.env.DEBUG_DELIVERY) console.log(env?.server.logs().slice(-6000));
  await env?.stop();
});

describe("a campaign's messages", () => {
  let result: Awaited<ReturnType<Lib["enqueueMessages"]>>;

  beforeAll(async () => {
    env.sink.reset();
    result = await lib.enqueueMessages(brandId, {
      source: { kind: "campaign", id: "c1" },
      content: content(),
      recipients: ["ana", "ben", "gone", "busy", "cleo", "dan"].map((n) => ({ contactId: contacts[n] })),
    });
    await env.sink.waitFor(3, 30_000);
    await until(
      () => lib.sourceStats(brandId, { kind: "campaign", id: "c1" }),
      (s) => s.pending === 0,
    );
  }, 60_000);

  it("are queued for the eligible, and recorded with a reason for the others", async () => {
    expect(result).toMatchObject({ queued: 4, skipped: 2, duplicates: 0, reasons: { "not-subscribed": 1, "suppressed:unsubscribed": 1 } });
    expect(result.results!.find((r) => r.contactId === contacts.cleo)).toMatchObject({ status: "skipped", reason: "not-subscribed" });
    expect(result.results!.find((r) => r.contactId === contacts.dan)).toMatchObject({ status: "suppressed", reason: "unsubscribed" });
    const again = await lib.enqueueMessages(brandId, {
      source: { kind: "campaign", id: "c1" },
      content: content(),
      recipients: ["ana", "dan"].map((n) => ({ contactId: contacts[n] })),
    });
    expect(again).toMatchObject({ queued: 0, skipped: 0, duplicates: 2 });
    expect(again.results!.map((r) => r.duplicate)).toEqual([true, true]);
  });

  it("arrive personalized, with RFC 8058 headers, a stable Message-ID and a DKIM signature that verifies", async () => {
    const [ana] = received("ana@inbox.test");
    const parsed = await simpleParser(ana.raw);
    const outcome = await messageOf("c1", "ana");
    expect(outcome).toMatchObject({ status: "sent" });
    expect(parsed.subject).toBe("Spring sale, Ana");
    // Without RETURN_PATH_DOMAIN the envelope sender is the From address, as it always was (lib/inbound).
    expect(ana.from).toBe("news@acme.test");
    expect(parsed.from?.value[0]).toMatchObject({ name: "Acme", address: "news@acme.test" });
    expect(parsed.messageId).toMatch(new RegExp(`^<${outcome!.messageID}\\.[0-9a-f]{12}@acme\\.test>$`));
    expect(parsed.html).toContain("Hi Ana,");
    expect(parsed.html).toContain("Up to 40% off");
    expect(ana.raw).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:\d+\/email\/list-unsubscribe\/[A-Za-z0-9_-]+>, <mailto:news@acme\.test\?subject=unsubscribe-[A-Za-z0-9_-]+>\r$/m,
    );
    expect(ana.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    const resolver = async (name: string, type: string) => {
      const values = env.dns.txt.get(name);
      if (type === "TXT" && values) return values.map((v) => [v]);
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    const dkim = await dkimVerify(Buffer.from(ana.raw), { resolver });
    expect(dkim.results.map((r: { status: { result: string }; signingDomain?: string }) => [r.status.result, r.signingDomain])).toEqual([
      ["pass", "acme.test"],
    ]);
  });

  it("turn a 550 into a hard bounce: the message, a suppression, the contact unsubscribed, an event", async () => {
    expect(received("gone@inbox.test")).toEqual([]);
    expect(await messageOf("c1", "gone")).toMatchObject({ status: "bounced", reason: "hard-bounce" });
    const list = await env.call("/api/suppressions?email=gone@inbox.test", { key });
    expect(list.body.suppressions).toMatchObject([{ email: "gone@inbox.test", reason: "hard-bounce" }]);
    expect(await emailStatus("gone")).toBe("unsubscribed");
    const events = await env.call(`/api/contacts/${contacts.gone}/events`, { key });
    expect(events.body.events).toContainEqual(expect.objectContaining({ eventName: "bounced email", origin: "inkwell" }));
  });

  it("retry a 451 and then deliver", async () => {
    expect(received("busy@inbox.test")).toHaveLength(1);
    const list = await env.call(`/api/messages?contactID=${contacts.busy}`, { key });
    expect(list.body.messages).toMatchObject([{ status: "sent", attempts: 2, transport: "smtp" }]);
  });

  it("track a person's click and open, redirect only to the message's own links, and keep machines apart", async () => {
    const ana = (await simpleParser(received("ana@inbox.test")[0].raw)).html as string;
    const outcome = (await messageOf("c1", "ana"))!;
    await ageMessage(outcome.messageID);
    const click = /href="(http:\/\/localhost:\d+\/email\/c\/[^"]+)"/.exec(ana)![1].replace(/&amp;/g, "&");
    const pixel = /src="(http:\/\/localhost:\d+\/email\/o\/[^"]+)"/.exec(ana)![1];
    // HEAD (a link checker, a prefetch) answers as GET does and records nothing (issue 38: a HEAD on the
    // pixel was a person's open, Next.js serving GET for it).
    const headClick = await fetch(click, { method: "HEAD", redirect: "manual", headers: { "User-Agent": BROWSER } });
    expect([headClick.status, headClick.headers.get("location")]).toEqual([302, expect.stringContaining("https://shop.test/sale")]);
    const headOpen = await fetch(pixel, { method: "HEAD", headers: { "User-Agent": BROWSER } });
    expect([headOpen.status, headOpen.headers.get("content-type")]).toEqual([200, "image/gif"]);
    expect(await messageOf("c1", "ana")).toMatchObject({ openedAt: null, clickedAt: null });
    expect(await lib.sourceStats(brandId, { kind: "campaign", id: "c1" })).toMatchObject({ opened: 0, clicked: 0, machineOpened: 0 });
    const res = await fetch(click, { redirect: "manual", headers: { "User-Agent": BROWSER } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://shop.test/sale?size=m&utm_source=inkwell&utm_medium=email&utm_campaign=spring");
    const forged = new URL(click);
    forged.searchParams.set("u", "https://evil.test/phish");
    expect((await fetch(forged, { redirect: "manual", headers: { "User-Agent": BROWSER } })).status).toBe(404);

    const open = await fetch(pixel, { headers: { "User-Agent": BROWSER } });
    expect(open.headers.get("content-type")).toBe("image/gif");
    expect(await messageOf("c1", "ana")).toMatchObject({
      openedAt: expect.any(Date),
      clickedAt: expect.any(Date),
      clickedUrls: ["https://shop.test/sale?size=m&utm_source=inkwell&utm_medium=email&utm_campaign=spring"],
    });

    const ben = (await simpleParser(received("ben@inbox.test")[0].raw)).html as string;
    const scan = /href="(http:\/\/localhost:\d+\/email\/c\/[^"]+)"/.exec(ben)![1].replace(/&amp;/g, "&");
    expect((await fetch(scan, { redirect: "manual", headers: { "User-Agent": "python-requests/2.32" } })).status).toBe(302);
    expect(await messageOf("c1", "ben")).toMatchObject({ clickedAt: null });
    const stats = await lib.sourceStats(brandId, { kind: "campaign", id: "c1" });
    // sent counts what was handed to the mail server, the refused one included (delivered = sent - bounced).
    // Totals: ana's click (her first open too, the pixel not loaded yet) and then her pixel: 2 opens, 1 unique.
    expect(stats).toMatchObject({
      sent: 4,
      bounced: 1,
      skipped: 1,
      suppressed: 1,
      pending: 0,
      opened: 1,
      opens: 2,
      clicked: 1,
      clicks: 1,
      machineClicked: 1,
    });
    // People's rates are of the delivered (3), the bounce rate of the sent (4): docs/delivery.md "Figures".
    expect(stats.rates).toMatchObject({ click: 0.3333, open: 0.3333, bounce: 0.25 });
    const links = await lib.linkClicks(brandId, { kind: "campaign", id: "c1" });
    expect(links).toEqual([
      { url: "https://shop.test/sale?size=m&utm_source=inkwell&utm_medium=email&utm_campaign=spring", clicks: 1, uniqueClicks: 1 },
    ]);
    const events = await env.call(`/api/contacts/${contacts.ben}/events`, { key });
    expect(events.body.events).toContainEqual(
      expect.objectContaining({ eventName: "clicked email", properties: expect.objectContaining({ machine: true }) }),
    );
  });

  it("unsubscribe with a one-click POST to List-Unsubscribe: 200, no session, a consent entry, counted once", async () => {
    const header = /^List-Unsubscribe: <([^>]+)>/m.exec(received("ben@inbox.test")[0].raw)![1];
    const post = () =>
      fetch(header, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        redirect: "manual",
      });
    const res = await post();
    expect(res.status).toBe(200);
    expect((await post()).status).toBe(200);
    expect(await emailStatus("ben")).toBe("unsubscribed");
    const contact = (await env.call(`/api/contacts/${contacts.ben}`, { key })).body;
    expect(JSON.stringify(contact)).toContain("one-click unsubscribe");
    expect(await messageOf("c1", "ben")).toMatchObject({ unsubscribedAt: expect.any(Date) });
    expect((await lib.sourceStats(brandId, { kind: "campaign", id: "c1" })).unsubscribed).toBe(1);
    const get = await fetch(header, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toMatch(/\/email\/unsubscribe\//);
  });
});

describe("bounces and complaints from providers", () => {
  const source = { kind: "campaign", id: "c2" };
  const refOf = async (name: string) => {
    const raw = received(`${name}@inbox.test`)[0].raw;
    return (await simpleParser(raw)).messageId!;
  };

  beforeAll(async () => {
    env.sink.reset();
    await lib.enqueueMessages(brandId, {
      source,
      content: content({ subject: "Second send" }),
      recipients: ["eve", "finn", "gil", "hal", "ivy"].map((n) => ({ contactId: contacts[n] })),
    });
    await env.sink.waitFor(5, 30_000);
    await until(
      () => lib.sourceStats(brandId, source),
      (s) => s.sent === 5,
    );
  }, 60_000);

  it("SES through SNS: a signed bounce of a confirmed topic applies; forged, stale, unsigned or unknown-topic ones are refused", async () => {
    const notice = {
      notificationType: "Bounce",
      bounce: {
        bounceType: "Permanent",
        bouncedRecipients: [{ emailAddress: "eve@inbox.test", diagnosticCode: "smtp; 550 user unknown" }],
      },
      mail: { messageId: "ses-1", commonHeaders: { messageId: await refOf("eve") } },
    };
    // No SES_SNS_TOPIC_ARNS here: a topic is known once its subscription was confirmed (issue 38).
    const fetches = env.sns.certFetches.length;
    const early = await env.call("/webhooks/ses", { body: env.sns.notification(notice) });
    expect(early).toMatchObject({ status: 401, body: { error: expect.stringMatching(/topic is not expected/) } });
    expect(env.sns.certFetches.length).toBe(fetches);
    const confirm = await env.call("/webhooks/ses", { body: env.sns.subscriptionConfirmation("sub-1") });
    expect(confirm.status).toBe(200);
    expect(env.sns.confirmed).toEqual(["sub-1"]);

    const signed = env.sns.notification(notice);
    const forged = await env.call("/webhooks/ses", { body: { ...signed, Message: signed.Message.replace("Permanent", "Transient") } });
    expect(forged.status).toBe(401);
    // Issue 38: an unsigned message made Inkwell fetch the .pem it named (any path), a message of any age
    // was taken, and a certificate that could not be had answered 500.
    const unsigned = await env.call("/webhooks/ses", { body: { ...signed, Signature: "", SigningCertURL: `${env.sns.prefix}other.pem` } });
    expect(unsigned).toMatchObject({ status: 401, body: { error: "the message is not signed" } });
    const stale = env.sns.notification(notice, { Timestamp: new Date(Date.now() - 30 * 86_400_000).toISOString() });
    expect((await env.call("/webhooks/ses", { body: stale })).status).toBe(401);
    const otherTopic = env.sns.notification(notice, { TopicArn: "arn:aws:sns:eu-west-1:123456789012:not-ours" });
    expect((await env.call("/webhooks/ses", { body: otherTopic })).status).toBe(401);
    expect(env.sns.certFetches.slice(fetches)).toEqual(["/cert.pem"]);
    const noCertificate = await env.call("/webhooks/ses", { body: { ...signed, SigningCertURL: `${env.sns.prefix}garbage.pem` } });
    expect(noCertificate).toMatchObject({ status: 401, body: { error: "the signing certificate is not a certificate" } });

    const ok = await env.call("/webhooks/ses", { body: signed });
    expect(ok).toMatchObject({ status: 200, body: { received: 1, applied: 1 } });
    expect(await messageOf("c2", "eve")).toMatchObject({ status: "bounced", bouncedAt: expect.any(Date) });
    expect(await emailStatus("eve")).toBe("unsubscribed");
    // Cached: the second notification's certificate was not fetched again.
    expect(env.sns.certFetches.slice(fetches).filter((p) => p === "/cert.pem")).toHaveLength(1);
  });

  it("Postmark: a complaint with the right password applies, a wrong password is refused", async () => {
    const ref = (await refOf("finn")).slice(1).split("@")[0];
    const body = { RecordType: "SpamComplaint", Email: "finn@inbox.test", Metadata: { "inkwell-message": ref } };
    const basic = (pass: string) => ({ Authorization: `Basic ${Buffer.from(`postmark:${pass}`).toString("base64")}` });
    expect((await env.call("/webhooks/postmark", { body, headers: basic("wrong-password-wrong-password") })).status).toBe(401);
    expect(await env.call("/webhooks/postmark", { body, headers: basic(POSTMARK_PASSWORD) })).toMatchObject({
      status: 200,
      body: { applied: 1 },
    });
    expect(await messageOf("c2", "finn")).toMatchObject({ status: "complained", complainedAt: expect.any(Date) });
    const list = await env.call("/api/suppressions?reason=complaint", { key });
    expect(list.body.suppressions.map((s: { email: string }) => s.email)).toContain("finn@inbox.test");
  });

  it("SendGrid: a signed bounce applies, a forged signature is refused", async () => {
    const body = JSON.stringify([
      { email: "gil@inbox.test", event: "bounce", type: "bounce", reason: "550 unknown", "smtp-id": await refOf("gil") },
    ]);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign("sha256", Buffer.from(timestamp + body), env.sendgridKey).toString("base64");
    const headers = (sig: string) => ({
      "X-Twilio-Email-Event-Webhook-Signature": sig,
      "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
    });
    const forgedSig = createSign("sha256").update("something else").sign(env.sendgridKey).toString("base64");
    expect((await env.call("/webhooks/sendgrid", { body, headers: headers(forgedSig) })).status).toBe(401);
    expect(await env.call("/webhooks/sendgrid", { body, headers: headers(signature) })).toMatchObject({
      status: 200,
      body: { applied: 1 },
    });
    expect(await messageOf("c2", "gil")).toMatchObject({ status: "bounced" });
  });

  it("SendGrid: a signature older than WEBHOOK_MAX_AGE_SECONDS is refused, and an unsubscribe applies once per message", async () => {
    const sendgrid = async (events: unknown[], secondsAgo = 0) => {
      const body = JSON.stringify(events);
      const timestamp = String(Math.floor(Date.now() / 1000) - secondsAgo);
      const signature = sign("sha256", Buffer.from(timestamp + body), env.sendgridKey).toString("base64");
      const headers = { "X-Twilio-Email-Event-Webhook-Signature": signature, "X-Twilio-Email-Event-Webhook-Timestamp": timestamp };
      return { send: () => env.call("/webhooks/sendgrid", { body, headers }) };
    };
    const unsubscribe = [{ email: "ivy@inbox.test", event: "unsubscribe", "smtp-id": await refOf("ivy") }];
    // Issue 38: a 30-day-old signature was accepted.
    const old = await (await sendgrid(unsubscribe, 30 * 86_400)).send();
    expect(old).toMatchObject({ status: 401, body: { error: expect.stringMatching(/WEBHOOK_MAX_AGE_SECONDS/) } });
    expect(await emailStatus("ivy")).toBe("subscribed");

    const fresh = await sendgrid(unsubscribe);
    expect(await fresh.send()).toMatchObject({ status: 200, body: { applied: 1 } });
    expect(await emailStatus("ivy")).toBe("unsubscribed");
    // Ivy subscribes again; the same event sent again (a replay, or SendGrid's retry) changes nothing.
    const resubscribe = await env.call("/api/contacts", {
      key,
      body: { identifiers: [{ type: "email", id: "ivy@inbox.test", channels: { email: { status: "subscribed" } } }] },
    });
    expect(resubscribe.status, JSON.stringify(resubscribe.body)).toBe(200);
    expect(await emailStatus("ivy")).toBe("subscribed");
    expect(await fresh.send()).toMatchObject({ status: 200, body: { applied: 0 } });
    expect(await emailStatus("ivy")).toBe("subscribed");
    expect((await lib.sourceStats(brandId, source)).unsubscribed).toBe(1);
  });

  it("the generic webhook applies the brand's own messages only, and a bounce rate over the threshold pauses the source", async () => {
    const event = { type: "bounce", messageID: await refOf("hal"), detail: "550 mailbox full for good" };
    const foreign = await env.call("/api/delivery-events", { key: otherKey, body: { events: [event] } });
    expect(foreign.body.results).toEqual([{ status: "unknown-message", messageID: null }]);
    const bad = await env.call("/api/delivery-events", { key, body: { events: [{ type: "bounce" }] } });
    expect(bad.status).toBe(400);
    const res = await env.call("/api/delivery-events", { key, body: { events: [event] } });
    expect(res.body.results).toMatchObject([{ status: "applied" }]);
    expect(await messageOf("c2", "hal")).toMatchObject({ status: "bounced" });

    // 3 of 5 bounced (60% > 50%, with 5 sent >= 4): paused, and says why (2 of 5 did not pause it).
    const state = await lib.sourceState(brandId, source);
    expect(state).toMatchObject({ status: "paused", reason: "Bounce rate 60% (3 of 5) passed 50%" });
    await addContact("jay");
    const later = await lib.enqueueMessages(brandId, {
      source,
      content: content({ subject: "Second send" }),
      recipients: [{ contactId: contacts.jay }],
    });
    expect(later.queued).toBe(1);
    await until(
      () => messageOf("c2", "jay"),
      (m) => m?.status === "paused",
    );
    await lib.resumeSource(brandId, source);
    await until(
      () => messageOf("c2", "jay"),
      (m) => m?.status === "sent",
    );
  });
});

describe("senders", () => {
  it("refuses to queue mail from an unverified sender, with a clear error", async () => {
    await expect(
      lib.enqueueMessages(brandId, {
        source: { kind: "campaign", id: "c3" },
        content: content({ senderEmail: "news@elsewhere.test" }),
        recipients: [{ contactId: contacts.ana }],
      }),
    ).rejects.toMatchObject({ code: "sender-unverified", detail: expect.stringMatching(/news@elsewhere\.test is not a verified sender/) });
    // SMTP_FROM's address is a verified sender of every brand.
    expect(await lib.senderVerdict(brandId, "no-reply@inkwell.test")).toEqual({ verified: true, by: "deployment" });
  });

  it("a campaign's test email reaches the mail server with its subject prefixed with [Test] once", async () => {
    env.sink.reset();
    const campaign = await env.call("/api/campaigns", {
      key,
      body: {
        channel: "email",
        type: "regular",
        name: "Test subject once",
        content: { email: { templateID: templateId, subject: "Spring sale", senderName: "Acme", senderEmail: "news@acme.test" } },
      },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const res = await env.call(`/api/campaigns/${campaign.body.id}/test-email`, { key, body: { recipients: ["me@team.test"] } });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    await env.sink.waitFor(1);
    const parsed = await simpleParser(env.sink.received[0].raw);
    expect(parsed.subject).toBe("[Test] Spring sale");
    expect(parsed.from?.value[0].address).toBe("news@acme.test");
  });

  it("test sends go through the pipeline to the mail server, from the deployment's sender", async () => {
    env.sink.reset();
    const res = await env.call(`/api/email-templates/${templateId}/test-sends`, {
      key,
      body: { to: ["me@team.test"], contactID: contacts.ana },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ transport: "smtp", status: "sent", subject: "[Test] Spring sale" });
    await env.sink.waitFor(1);
    const parsed = await simpleParser(env.sink.received[0].raw);
    expect(parsed.subject).toBe("[Test] Spring sale");
    expect(parsed.from?.value[0].address).toBe("no-reply@inkwell.test");
    expect(parsed.html).toContain("Hi Ana,");
    expect(env.sink.received[0].raw).toMatch(/^X-Inkwell-Test: true\r$/m);
    // Test sends are not tracked: no pixel, links as they are.
    expect(parsed.html).not.toContain("/email/o/");
    expect(parsed.html).toContain('href="https://shop.test/sale?size=m"');
  });
});
