// Mail that comes back (issue 39), against a server of its own with RETURN_PATH_DOMAIN set and its inbound
// SMTP listener on a loopback port (tests/api/delivery-setup.ts): messages go out with a VERP envelope
// sender; real-looking notices (tests/fixtures/inbound) sent to the listener or piped into receive-mail come
// back as the outcomes a provider's webhook records: a bounce suppresses and shows on the message and the
// report, an ARF report (to the feedback loop's address, recipient hidden) is a complaint, mail to the mailto
// unsubscribes, an auto-reply and a delay notice change nothing; foreign and forged recipients are refused.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneTextBlockTemplate, startDeliveryEnv, type DeliveryEnv } from "./delivery-setup";
import { until } from "./until";

const DOMAIN = "bounces.inkwell.test";
const SOURCE = { kind: "campaign", id: "inbound-1" };
let env: DeliveryEnv;
let lib: typeof import("@/lib/delivery");
let sql: typeof import("@/lib/db/sql");
let inboundPort = 0;
let brandId = "";
let key = "";
let shopKey = "";
let shopDomainId = "";
let shopSent: Sent;
const contacts: Record<string, string> = {};
type Sent = { envelopeFrom: string; messageIdHeader: string; ref: string; mailto: string; email: string };
const sent: Record<string, Sent> = {};
const NAMES = ["gus", "cal", "uma", "eve", "dan", "pia", "ned", "sid", "kim", "lou"];
/** A send for a marketing topic (lib/topics): its unsubscribe leaves the topic only. */
const TOPIC_SOURCE = { kind: "campaign", id: "inbound-topic" };
let topicId = "";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function notice(file: string, s: Sent, rcpt: string): Buffer {
  const fill: Record<string, string> = {
    RCPT: rcpt,
    RETURN_PATH: s.envelopeFrom,
    ORIGINAL_RCPT: s.email,
    MESSAGE_ID_HEADER: s.messageIdHeader,
    MESSAGE_REF: s.ref,
    UNSUBSCRIBE: s.mailto,
  };
  const text = fs.readFileSync(path.join(__dirname, "../fixtures/inbound", file), "utf8");
  return Buffer.from(text.replace(/\{\{([A-Z_]+)\}\}/g, (_, k: string) => fill[k] ?? ""));
}

/** Hands `raw` to the inbound listener; resolves with the server's answer or its refusal. */
async function deliver(raw: Buffer, to: string, from = ""): Promise<{ ok: boolean; code?: number; response: string }> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, secure: false, ignoreTLS: true });
  try {
    const info = await transport.sendMail({ envelope: { from, to: [to] }, raw });
    return { ok: true, response: String(info.response) };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; message: string };
    return { ok: false, code: e.responseCode, response: e.response ?? e.message };
  } finally {
    transport.close();
  }
}

async function receiveMail(raw: Buffer, args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [path.join(process.cwd(), "build/receive-mail.mjs"), ...args], {
    cwd: "/",
    // A pipe's bare environment: only what Inkwell needs to find its database and keys.
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: env.server.databaseUrl,
      AUTH_SECRET: env.server.authSecret,
      RETURN_PATH_DOMAIN: DOMAIN,
      NODE_ENV: "production",
    } as NodeJS.ProcessEnv,
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d));
  child.stderr.on("data", (d: Buffer) => (out += d));
  child.stdin.end(raw);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, out };
}

const outcome = (name: string) => lib.messageOutcome(brandId, SOURCE, { contactId: contacts[name] });
const emailStatus = async (name: string) =>
  (await env.call(`/api/contacts/${contacts[name]}`, { key })).body.identifiers[0].channels.email.status;
const inboundRows = () =>
  sql
    .sqlReader()
    .all<{ outcome: string | null; status: string; messageId: string | null; via: string; recipient: string }>(
      `SELECT "outcome", "status", "messageId", "via", "recipient" FROM "InboundMail" ORDER BY "id"`,
    );
const handledFor = (messageId: string) =>
  until(inboundRows, (rows) => rows.some((r) => r.messageId === messageId && r.status === "done")).then((rows) =>
    rows.filter((r) => r.messageId === messageId),
  );

beforeAll(async () => {
  inboundPort = await freePort();
  env = await startDeliveryEnv({ RETURN_PATH_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: String(inboundPort), DELIVERY_PAUSE_MIN_SENT: "100" });
  lib = await import("@/lib/delivery");
  sql = await import("@/lib/db/sql");
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markDomainVerified } = await import("@/lib/delivery/senders/senders");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  await markDomainVerified(brandId, "acme.test");
  const template = await env.call("/api/email-templates", { key, body: oneTextBlockTemplate("Sale", "<p>Hi</p>") });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  for (const name of NAMES) {
    const res = await env.call("/api/contacts", {
      key,
      body: { identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status: "subscribed" } } }] },
    });
    contacts[name] = res.body.id;
  }
  // A second brand whose verified domain has its own return-path subdomain (set before anything is rendered:
  // the worker reads the domains at most every 30 s).
  const shopBrand = (await createBrand({ name: "Shop", plan: "pro" })).id;
  shopKey = (await createApiKey(shopBrand, "test")).key;
  shopDomainId = (await markDomainVerified(shopBrand, "shop.test")).id;
  const patched = await env.call(`/api/sending-domains/${shopDomainId}`, {
    key: shopKey,
    method: "PATCH",
    body: { returnPathDomain: "RP.shop.test" },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  expect(patched.body.returnPathDomain).toBe("rp.shop.test");
  const shopTemplate = await env.call("/api/email-templates", { key: shopKey, body: oneTextBlockTemplate("Shop", "<p>Hi</p>") });
  const sam = await env.call("/api/contacts", {
    key: shopKey,
    body: { identifiers: [{ type: "email", id: "sam@inbox.test", channels: { email: { status: "subscribed" } } }] },
  });
  await lib.enqueueMessages(shopBrand, {
    source: SOURCE,
    content: { templateId: shopTemplate.body.id, subject: "Shop", senderName: "Shop", senderEmail: "news@shop.test", utm: null },
    recipients: [{ contactId: sam.body.id }],
  });
  contacts.sam = sam.body.id;
  await lib.enqueueMessages(brandId, {
    source: SOURCE,
    content: { templateId: template.body.id, subject: "Sale", senderName: "Acme", senderEmail: "news@acme.test", utm: null },
    recipients: NAMES.map((n) => ({ contactId: contacts[n] })),
  });
  const topic = await env.call("/api/subscription-topics", { key, body: { name: "news", kind: "marketing" } });
  expect(topic.status, JSON.stringify(topic.body)).toBe(201);
  topicId = topic.body.id;
  const tia = await env.call("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: "tia@inbox.test", channels: { email: { status: "subscribed" } } }] },
  });
  contacts.tia = tia.body.id;
  const chose = await env.call(`/api/contacts/${contacts.tia}/subscription-topics`, {
    key,
    method: "PUT",
    body: { topics: [{ topicID: topicId, status: "subscribed" }] },
  });
  expect(chose.status, JSON.stringify(chose.body)).toBe(200);
  await lib.enqueueMessages(brandId, {
    source: TOPIC_SOURCE,
    content: { templateId: template.body.id, subject: "News", senderName: "Acme", senderEmail: "news@acme.test", utm: null },
    recipients: [{ contactId: contacts.tia }],
    options: { topic: { id: topicId, kind: "marketing" } },
  });
  await env.sink.waitFor(NAMES.length + 2, 60_000);
  const samMail = env.sink.received.find((m) => m.to.includes("sam@inbox.test"))!;
  shopSent = {
    envelopeFrom: samMail.from,
    messageIdHeader: samMail.messageId,
    ref: /^X-Inkwell-Message-ID: (\S+)\r$/m.exec(samMail.raw)![1],
    mailto: /<mailto:([^?>]+)/.exec(samMail.raw)![1],
    email: "sam@inbox.test",
  };
  for (const name of [...NAMES, "tia"]) {
    const r = env.sink.received.find((m) => m.to.includes(`${name}@inbox.test`))!;
    const mailto = /<mailto:([^?>]+)/.exec(r.raw)![1];
    sent[name] = {
      envelopeFrom: r.from,
      messageIdHeader: r.messageId,
      ref: /^X-Inkwell-Message-ID: (\S+)\r$/m.exec(r.raw)![1],
      mailto,
      email: `${name}@inbox.test`,
    };
  }
  await until(
    () => lib.sourceStats(brandId, SOURCE),
    (s) => s.pending === 0,
  );
  await until(
    () => lib.sourceStats(brandId, TOPIC_SOURCE),
    (s) => s.pending === 0,
  );
}, 240_000);

afterAll(async () => {
  if (process.env.DEBUG_DELIVERY) console.log(env?.server.logs().slice(-6000));
  await env?.stop();
});

describe("with RETURN_PATH_DOMAIN", () => {
  it("sends each message with its own signed envelope sender and mailto address on that domain", async () => {
    const gus = await outcome("gus");
    expect(sent.gus.envelopeFrom).toMatch(new RegExp(`^bounce-${gus!.messageID}[0-9a-f]{16}@bounces\\.inkwell\\.test$`));
    expect(sent.gus.mailto).toMatch(new RegExp(`^unsubscribe-${gus!.messageID}[0-9a-f]{16}@bounces\\.inkwell\\.test$`));
    expect(sent.gus.mailto.slice(-16 - DOMAIN.length - 1)).not.toBe(sent.gus.envelopeFrom.slice(-16 - DOMAIN.length - 1));
    expect(sent.cal.envelopeFrom).not.toBe(sent.gus.envelopeFrom);
  });
});

describe("the inbound listener", () => {
  it("turns Postfix's bounce notice into a hard bounce: the message, the suppression, the contact, the report", async () => {
    const answer = await deliver(notice("postfix-bounce.eml", sent.gus, sent.gus.envelopeFrom), sent.gus.envelopeFrom);
    expect(answer).toMatchObject({ ok: true });
    const gus = await until(
      () => outcome("gus"),
      (o) => o?.status === "bounced",
    );
    expect(gus).toMatchObject({ status: "bounced", reason: "hard-bounce" });
    const list = await env.call("/api/suppressions?email=gus@inbox.test", { key });
    expect(list.body.suppressions).toMatchObject([{ email: "gus@inbox.test", reason: "hard-bounce" }]);
    expect(await emailStatus("gus")).toBe("unsubscribed");
    const message = await env.call(`/api/messages/${gus!.messageID}`, { key });
    expect(message.body.detail).toMatch(/^550 5\.1\.1 <gus@inbox\.test>: Recipient address rejected/);
    const events = await env.call(`/api/contacts/${contacts.gus}/events`, { key });
    expect(events.body.events).toContainEqual(expect.objectContaining({ eventName: "bounced email", origin: "inkwell" }));
    expect((await lib.sourceStats(brandId, SOURCE)).bounced).toBe(1);
    expect(await handledFor(gus!.messageID)).toMatchObject([{ outcome: "bounce", via: "smtp" }]);
  });

  it("turns an ARF report to the feedback loop's address, recipient hidden, into a complaint by the enclosed headers", async () => {
    const answer = await deliver(notice("arf-complaint.eml", { ...sent.cal, envelopeFrom: "" }, `fbl@${DOMAIN}`), `fbl@${DOMAIN}`);
    expect(answer).toMatchObject({ ok: true });
    const cal = await until(
      () => outcome("cal"),
      (o) => o?.status === "complained",
    );
    expect(cal).toMatchObject({ reason: "complaint" });
    expect((await env.call("/api/suppressions?email=cal@inbox.test", { key })).body.suppressions).toMatchObject([{ reason: "complaint" }]);
    const stats = await lib.sourceStats(brandId, SOURCE);
    expect(stats.complained).toBe(1);
    expect(stats.rates.complaint).toBeGreaterThan(0);
  });

  it("unsubscribes the contact of a mail to the List-Unsubscribe mailto, as the one-click POST does", async () => {
    expect(await deliver(notice("mailto-unsubscribe.eml", sent.uma, sent.uma.mailto), sent.uma.mailto, "uma@inbox.test")).toMatchObject({
      ok: true,
    });
    const uma = await until(
      () => outcome("uma"),
      (o) => !!o?.unsubscribedAt,
    );
    expect(uma!.status).toBe("sent");
    expect(await emailStatus("uma")).toBe("unsubscribed");
    expect((await lib.sourceStats(brandId, SOURCE)).unsubscribed).toBe(1);
  });

  it("leaves only the topic of a topic email whose mailto it was, as the one-click POST does", async () => {
    expect(await deliver(notice("mailto-unsubscribe.eml", sent.tia, sent.tia.mailto), sent.tia.mailto, "tia@inbox.test")).toMatchObject({
      ok: true,
    });
    const tia = (await lib.messageOutcome(brandId, TOPIC_SOURCE, { contactId: contacts.tia }))!;
    expect(await handledFor(tia.messageID)).toMatchObject([{ outcome: "unsubscribe" }]);
    const topics = (await env.call(`/api/contacts/${contacts.tia}/subscription-topics`, { key })).body.topics;
    expect(topics.find((t: { topicID: string }) => t.topicID === topicId)).toMatchObject({ status: "unsubscribed" });
    // Before, the mailto unsubscribed her from all marketing email.
    expect(await emailStatus("tia")).toBe("subscribed");
    expect(await lib.messageOutcome(brandId, TOPIC_SOURCE, { contactId: contacts.tia })).toMatchObject({
      unsubscribedAt: expect.any(Date),
    });
  });

  it("takes an auto-reply and a delay notice, and changes nothing for them", async () => {
    expect(await deliver(notice("auto-reply.eml", sent.eve, sent.eve.envelopeFrom), sent.eve.envelopeFrom, "eve@inbox.test")).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await deliver(notice("postfix-delayed.eml", sent.dan, sent.dan.envelopeFrom), sent.dan.envelopeFrom)).toMatchObject({
      ok: true,
    });
    const eve = (await outcome("eve"))!;
    const dan = (await outcome("dan"))!;
    expect(await handledFor(eve.messageID)).toMatchObject([{ outcome: "auto-reply" }]);
    expect(await handledFor(dan.messageID)).toMatchObject([{ outcome: "delayed" }]);
    expect(await outcome("eve")).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await outcome("dan")).toMatchObject({ status: "sent", bouncedAt: null });
    expect(await emailStatus("eve")).toBe("subscribed");
    expect(await emailStatus("dan")).toBe("subscribed");
    expect((await env.call(`/api/messages/${dan.messageID}`, { key })).body.detail).toBe("451 4.7.1 Greylisted, please try again later");
  });

  it("refuses a foreign domain at RCPT (never an open relay) and a token that does not verify", async () => {
    const foreign = await deliver(Buffer.from("Subject: hi\r\n\r\nhi\r\n"), "someone@elsewhere.test");
    expect(foreign).toMatchObject({ ok: false, code: 550 });
    const token = sent.ned.envelopeFrom;
    const at = token.indexOf("@");
    const tampered = `${token.slice(0, at - 1)}${token[at - 1] === "0" ? "1" : "0"}${token.slice(at)}`;
    const forged = await deliver(notice("postfix-bounce.eml", sent.ned, tampered), tampered);
    expect(forged).toMatchObject({ ok: false, code: 550 });
    expect(forged.response).toMatch(/5\.1\.1/);
    expect(await deliver(Buffer.from("Subject: hi\r\n\r\nhi\r\n"), `someone@${DOMAIN}`)).toMatchObject({ ok: false, code: 550 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await outcome("ned")).toMatchObject({ status: "sent" });
    expect(await emailStatus("ned")).toBe("subscribed");
  });

  it("takes 100 recipients a message, one row each, and answers 452 for the rest (the relay sends them again)", async () => {
    const { returnPathAddress } = await import("@/lib/inbound/return-path");
    const to = Array.from({ length: 101 }, (_, i) =>
      returnPathAddress("bounce", `${"e".repeat(21)}${i.toString(16).padStart(3, "0")}`, DOMAIN),
    );
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: inboundPort, secure: false, ignoreTLS: true });
    try {
      const info = await transport.sendMail({ envelope: { from: "", to }, raw: Buffer.from("Subject: to many\r\n\r\nhello\r\n") });
      expect(info.accepted).toHaveLength(100);
      expect(info.rejected).toEqual([to[100]]);
      expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 452 });
    } finally {
      transport.close();
    }
    const stored = await until(
      () =>
        sql
          .sqlReader()
          .all<{ recipient: string }>(`SELECT "recipient" FROM "InboundMail" WHERE "recipient" LIKE ?`, [`bounce-${"e".repeat(21)}%`]),
      (rows) => rows.length >= 100,
    );
    expect(stored.map((r) => r.recipient).sort()).toEqual(to.slice(0, 100).sort());
  });

  it("stores a group of more rows than one statement takes (11,000 rows: past either engine's bound values)", async () => {
    const { inboundStore } = await import("@/lib/inbound/inbound-store");
    const { newId } = await import("@/lib/ids");
    const raw = Buffer.from("Subject: one of many\r\n\r\nhello\r\n");
    const rows = Array.from({ length: 11_000 }, (_, i) => ({
      id: newId(),
      recipient: `many-${i}@${DOMAIN}`,
      sender: "",
      via: "pipe",
      raw,
      receivedAt: new Date(),
    }));
    await inboundStore().store(rows);
    const stored = await sql
      .sqlReader()
      .all<{ n: unknown }>(
        `SELECT COUNT(*) AS "n" FROM "InboundMail" m JOIN "InboundRaw" r ON r."id" = m."id" WHERE m."recipient" LIKE ?`,
        [`many-%@${DOMAIN}`],
      );
    expect(Number(stored[0].n)).toBe(11_000);
    // The job need not spend the rest of the file handling them.
    await sql.writeStatement(`DELETE FROM "InboundMail" WHERE "recipient" LIKE ?`, [`many-%@${DOMAIN}`]);
  });
});

describe("a brand's own return-path domain", () => {
  it("is the envelope sender's domain of its verified domain's mail, and the listener takes its bounces", async () => {
    expect(shopSent.envelopeFrom).toMatch(/^bounce-[0-9a-f]{40}@rp\.shop\.test$/);
    expect(shopSent.mailto).toMatch(/^unsubscribe-[0-9a-f]{40}@rp\.shop\.test$/);
    expect(await deliver(notice("postfix-bounce.eml", shopSent, shopSent.envelopeFrom), shopSent.envelopeFrom)).toMatchObject({ ok: true });
    const id = shopSent.envelopeFrom.slice("bounce-".length, "bounce-".length + 24);
    expect(await handledFor(id)).toMatchObject([{ outcome: "bounce" }]);
  });

  it("must be under the domain, and another brand's domain is not found", async () => {
    const outside = await env.call(`/api/sending-domains/${shopDomainId}`, {
      key: shopKey,
      method: "PATCH",
      body: { returnPathDomain: "bounces.elsewhere.test" },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors[0]).toMatchObject({ field: "returnPathDomain" });
    const foreign = await env.call(`/api/sending-domains/${shopDomainId}`, { key, method: "PATCH", body: { returnPathDomain: null } });
    expect(foreign.status).toBe(404);
  });
});

describe("replies", () => {
  it("are kept for a person to read, as text only (a sender's HTML is never returned)", async () => {
    expect(await deliver(notice("reply.eml", sent.ned, sent.ned.envelopeFrom), sent.ned.envelopeFrom, "ned@inbox.test")).toMatchObject({
      ok: true,
    });
    const ned = (await outcome("ned"))!;
    expect(await handledFor(ned.messageID)).toMatchObject([{ outcome: "reply" }]);
    const list = await env.call("/api/inbound-mail?outcome=reply", { key });
    expect(list.status).toBe(200);
    expect(list.body.inboundMail).toMatchObject([{ from: "ned@inbox.test", subject: "Re: Spring sale, Ben", messageID: ned.messageID }]);
    expect(list.body.inboundMail[0].text).toContain("Do you ship to Norway?");
    expect(JSON.stringify(list.body)).not.toContain("onerror");
    expect((await env.call("/api/inbound-mail?outcome=reply", { key: shopKey })).body.inboundMail).toEqual([]);
    const autoReplies = await env.call("/api/inbound-mail?outcome=auto-reply", { key });
    expect(autoReplies.body.inboundMail).toHaveLength(1);
  });

  it("are listed from the text kept when handled, not parsed again from the raw message on each request", async () => {
    const ned = (await outcome("ned"))!;
    const [kept] = await sql
      .sqlReader()
      .all<{ id: string; text: string | null }>(`SELECT "id", "text" FROM "InboundMail" WHERE "messageId" = ? AND "outcome" = 'reply'`, [
        ned.messageID,
      ]);
    expect(kept.text).toContain("Do you ship to Norway?");
    // The list does not read raw: a different raw message changes nothing it shows.
    await sql.writeStatement(`UPDATE "InboundRaw" SET "raw" = ? WHERE "id" = ?`, [
      Buffer.from("Subject: x\r\n\r\nnot the reply\r\n"),
      kept.id,
    ]);
    const list = await env.call("/api/inbound-mail?outcome=reply", { key });
    expect(list.body.inboundMail).toMatchObject([{ id: kept.id }]);
    expect(list.body.inboundMail[0].text).toContain("Do you ship to Norway?");
    // A row handled before the text was kept (text null) is still read from its raw message.
    await sql.writeStatement(`UPDATE "InboundMail" SET "text" = NULL WHERE "id" = ?`, [kept.id]);
    expect((await env.call("/api/inbound-mail?outcome=reply", { key })).body.inboundMail[0].text).toContain("not the reply");
  });

  it("go with the contact when it is erased: mail about its messages and mail from its addresses", async () => {
    const ned = (await outcome("ned"))!;
    // Ned writes about Eve's message too (a forward): kept under Eve's message, from Ned's address.
    const forwarded = notice("reply.eml", { ...sent.eve, email: "ned@inbox.test" }, sent.eve.envelopeFrom);
    expect(await deliver(forwarded, sent.eve.envelopeFrom, "ned@inbox.test")).toMatchObject({ ok: true });
    await until(
      async () => (await env.call("/api/inbound-mail?outcome=reply", { key })).body.inboundMail,
      (list: unknown[]) => list.length === 2,
    );
    // A soft bounce of Ned's message leaves a record of the applied notice (InboundNotice), which names it.
    const softBounce = Buffer.from(
      notice("postfix-bounce.eml", sent.ned, sent.ned.envelopeFrom).toString().replace("Status: 5.1.1", "Status: 4.2.2"),
    );
    expect(await deliver(softBounce, sent.ned.envelopeFrom)).toMatchObject({ ok: true });
    const noticesOf = (messageId: string) =>
      sql.sqlReader().all<{ noticeId: string }>(`SELECT "noticeId" FROM "InboundNotice" WHERE "messageId" = ?`, [messageId]);
    await until(
      () => noticesOf(ned.messageID),
      (rows) => rows.length === 1,
    );
    const nedRows = await sql
      .sqlReader()
      .all<{ id: string }>(`SELECT "id" FROM "InboundMail" WHERE "messageId" = ? OR "fromAddress" = ?`, [ned.messageID, "ned@inbox.test"]);
    const erased = await env.call(`/api/contacts/${contacts.ned}/erasure`, { key, method: "POST" });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await noticesOf(ned.messageID)).toEqual([]);
    // The messages' bytes (their own rows, InboundRaw) go with them.
    const raws = await sql.sqlReader().all<{ id: string }>(
      `SELECT "id" FROM "InboundRaw" WHERE "id" IN (${nedRows.map(() => "?").join(", ")})`,
      nedRows.map((r) => r.id),
    );
    expect(nedRows.length).toBeGreaterThan(0);
    expect(raws).toEqual([]);
    expect((await env.call("/api/inbound-mail?outcome=reply", { key })).body.inboundMail).toEqual([]);
    const left = await sql
      .sqlReader()
      .all<{ id: string }>(`SELECT "id" FROM "InboundMail" WHERE "messageId" = ? OR "fromAddress" = ?`, [ned.messageID, "ned@inbox.test"]);
    expect(left).toEqual([]);
    // Eve's own mail stays.
    expect((await env.call("/api/inbound-mail?outcome=auto-reply", { key })).body.inboundMail).toHaveLength(1);
  });
});

describe("receive-mail (a Postfix pipe)", () => {
  it("stores a saved notice named by Delivered-To, exit 0, and its bounce is recorded", async () => {
    const { code, out } = await receiveMail(notice("postfix-bounce.eml", sent.pia, sent.pia.envelopeFrom), []);
    expect(code, out).toBe(0);
    const pia = await until(
      () => outcome("pia"),
      (o) => o?.status === "bounced",
    );
    expect(await handledFor(pia!.messageID)).toMatchObject([{ outcome: "bounce", via: "pipe" }]);
  });

  it("exits 67 for a forged token or a foreign address, and stores nothing", async () => {
    const before = (await inboundRows()).length;
    const token = sent.ned.envelopeFrom;
    const forged = token.replace(/[0-9a-f](?=@)/, (c) => (c === "a" ? "b" : "a"));
    expect((await receiveMail(notice("postfix-bounce.eml", sent.ned, forged), ["--recipient", forged])).code).toBe(67);
    expect((await receiveMail(notice("postfix-bounce.eml", sent.ned, "x@elsewhere.test"), [])).code).toBe(67);
    expect((await inboundRows()).length).toBe(before);
  });
});

/** A stored row (and its bytes) held by this test's "worker" with a lease far ahead, so the server's own job leaves it alone. */
async function holdRow(id: string, recipient: string, raw: Buffer, worker: string): Promise<void> {
  await sql.writeTransaction(async (tx) => {
    await tx.run(
      `INSERT INTO "InboundMail" ("id", "recipient", "sender", "via", "status", "attempts", "nextAttemptAt", "claimedBy", "receivedAt")
       VALUES (?, ?, '', 'smtp', 'handling', 1, ?ts, ?, ?ts)`,
      [id, recipient, new Date(Date.now() + 3_600_000), worker, new Date()],
    );
    await tx.run(`INSERT INTO "InboundRaw" ("id", "raw") VALUES (?, ?)`, [id, raw]);
  });
}

describe("a notice handled twice (a lapsed lease, a relay's resend, a retry after a failed group)", () => {
  it("records its soft bounce once", async () => {
    const { handleClaimed } = await import("@/lib/inbound/inbound-job");
    const raw = Buffer.from(
      notice("postfix-bounce.eml", sent.sid, sent.sid.envelopeFrom).toString().replace("Status: 5.1.1", "Status: 4.2.2"),
    );
    const id = "ffffffffffffffff00000001";
    await holdRow(id, sent.sid.envelopeFrom, raw, "twice");
    const mail = { id, recipient: sent.sid.envelopeFrom, raw, attempts: 1 };
    await handleClaimed("twice", [mail]);
    await handleClaimed("twice", [mail]);
    const [row] = await sql
      .sqlReader()
      .all<{ status: string; outcome: string }>(`SELECT "status", "outcome" FROM "InboundMail" WHERE "id" = ?`, [id]);
    expect(row).toMatchObject({ status: "done", outcome: "soft-bounce" });
    const events = (await env.call(`/api/contacts/${contacts.sid}/events`, { key })).body.events.filter(
      (e: { eventName: string }) => e.eventName === "bounced email",
    );
    expect(events).toHaveLength(1);
    expect(await outcome("sid")).toMatchObject({ status: "sent" });
  });
});

describe("a relay that sends the same notice again (its Message-ID, to the same return-path address)", () => {
  it("applies it once: one soft bounce, the repeat kept as ignored", async () => {
    const { handleClaimed } = await import("@/lib/inbound/inbound-job");
    const raw = Buffer.from(
      notice("postfix-bounce.eml", sent.kim, sent.kim.envelopeFrom).toString().replace("Status: 5.1.1", "Status: 4.2.2"),
    );
    // Two rows, as two deliveries of it store them, held by this test's "worker" (the server's job leaves them alone).
    const ids = ["ffffffffffffffff00000002", "ffffffffffffffff00000003"];
    for (const id of ids) await holdRow(id, sent.kim.envelopeFrom, raw, "resend");
    for (const id of ids) await handleClaimed("resend", [{ id, recipient: sent.kim.envelopeFrom, raw, attempts: 1 }]);
    const events = (await env.call(`/api/contacts/${contacts.kim}/events`, { key })).body.events.filter(
      (e: { eventName: string }) => e.eventName === "bounced email",
    );
    expect(events).toHaveLength(1);
    const rows = await sql
      .sqlReader()
      .all<{ status: string; outcome: string }>(`SELECT "status", "outcome" FROM "InboundMail" WHERE "id" IN (?, ?) ORDER BY "id"`, ids);
    expect(rows).toMatchObject([
      { status: "done", outcome: "soft-bounce" },
      { status: "done", outcome: "ignored" },
    ]);
    expect(await outcome("kim")).toMatchObject({ status: "sent" });
  });
});

describe("a bounce notice's row (bench:inbound: one commit and one write of the row a notice fewer)", () => {
  it("is recorded in its outcome's own transaction, its brand the one the outcome read (no second read of the message)", async () => {
    const { handleClaimed } = await import("@/lib/inbound/inbound-job");
    const timing = await import("@/lib/db/statement-timing");
    const { transactionsCommitTogether } = await import("@/lib/db/capabilities");
    const raw = notice("postfix-bounce.eml", sent.lou, sent.lou.envelopeFrom);
    const id = "ffffffffffffffff00000004";
    await holdRow(id, sent.lou.envelopeFrom, raw, "one-commit");
    timing.timeStatements(true);
    await handleClaimed("one-commit", [{ id, recipient: sent.lou.envelopeFrom, raw, attempts: 1 }]);
    const times = timing.takeStatementTimes();
    timing.timeStatements(false);
    const count = (start: string) => times.filter((t) => t.statement.startsWith(start)).reduce((n, t) => n + t.count, 0);
    // Statements are timed where this process writes through its own SQLite connection (lib/db/runner.ts).
    if (transactionsCommitTogether()) {
      // Before: the outcome's transaction marked the row, then the job's own transaction recorded it (2 and 2).
      expect(count(`UPDATE "InboundMail"`)).toBe(1);
      expect(count("COMMIT")).toBe(1);
      // Before: the brand was read again with the message's content (messageOwner).
      expect(count(`SELECT m."brandId"`)).toBe(0);
    }
    const [row] = await sql
      .sqlReader()
      .all<{ status: string; outcome: string; brandId: string; claimedBy: string | null; handledAt: unknown }>(
        `SELECT "status", "outcome", "brandId", "claimedBy", "handledAt" FROM "InboundMail" WHERE "id" = ?`,
        [id],
      );
    expect(row).toMatchObject({ status: "done", outcome: "bounce", brandId, claimedBy: null });
    expect(row.handledAt).not.toBeNull();
    expect(await outcome("lou")).toMatchObject({ status: "bounced" });
  });
});
