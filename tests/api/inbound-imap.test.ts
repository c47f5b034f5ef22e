// The IMAP poller wired into the built server (INBOUND_IMAP_URL, issue 39): against a real Dovecot
// (tests/support/dovecot.ts), a bounce notice appended to the mailbox becomes a hard bounce on its message
// and is moved to Inkwell/Handled; a message for none of Inkwell's addresses is set aside as handled (it would
// come back at every poll); the same message handed over a second time (a poller that died between the store
// and the move) is stored once.
import fs from "node:fs";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDovecot, type Dovecot } from "../support/dovecot";
import { oneTextBlockTemplate, startDeliveryEnv, type DeliveryEnv } from "./delivery-setup";
import { until } from "./until";

const DOMAIN = "bounces.inkwell.test";
const SOURCE = { kind: "campaign", id: "imap-1" };
const PASSWORD = "mailbox-password-1";
let dovecot: Dovecot;
let env: DeliveryEnv;
let lib: typeof import("@/lib/delivery");
let sql: typeof import("@/lib/db/sql");
let brandId = "";
let key = "";
let contactId = "";
let envelopeFrom = "";

type Row = { id: string; outcome: string | null; status: string; messageId: string | null; via: string; recipient: string };
const inboundRows = () =>
  sql.sqlReader().all<Row>(`SELECT "id", "outcome", "status", "messageId", "via", "recipient" FROM "InboundMail" ORDER BY "id"`);

function bounceNotice(rcpt: string): string {
  const text = fs.readFileSync(path.join(import.meta.dirname, "../fixtures/inbound/postfix-bounce.eml"), "utf8");
  const fill: Record<string, string> = { RCPT: rcpt, RETURN_PATH: rcpt, ORIGINAL_RCPT: "gus@inbox.test" };
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (_, k: string) => fill[k] ?? "");
}

/** The messages of a folder with their internal dates (what the poller saw). */
async function folder(name: string): Promise<{ raw: Buffer; internalDate: Date }[]> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: dovecot.port,
    secure: false,
    auth: { user: "inkwell", pass: PASSWORD },
    logger: false,
  });
  await client.connect();
  try {
    if (!(await client.list()).some((m) => m.path === name)) return [];
    const lock = await client.getMailboxLock(name, { readOnly: true });
    try {
      if (client.mailbox && client.mailbox.exists === 0) return [];
      const out: { raw: Buffer; internalDate: Date }[] = [];
      for await (const m of client.fetch("1:*", { source: true, internalDate: true }))
        out.push({ raw: m.source!, internalDate: new Date(m.internalDate!) });
      return out;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

beforeAll(async () => {
  dovecot = await startDovecot({ inkwell: PASSWORD });
  env = await startDeliveryEnv({
    RETURN_PATH_DOMAIN: DOMAIN,
    INBOUND_IMAP_URL: dovecot.url("inkwell"),
    INBOUND_IMAP_POLL_SECONDS: "1",
    DELIVERY_PAUSE_MIN_SENT: "100",
  });
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
  const contact = await env.call("/api/contacts", {
    key,
    body: { identifiers: [{ type: "email", id: "gus@inbox.test", channels: { email: { status: "subscribed" } } }] },
  });
  contactId = contact.body.id;
  await lib.enqueueMessages(brandId, {
    source: SOURCE,
    content: { templateId: template.body.id, subject: "Sale", senderName: "Acme", senderEmail: "news@acme.test", utm: null },
    recipients: [{ contactId }],
  });
  const [mail] = await env.sink.waitFor(1, 60_000).then(() => env.sink.received);
  envelopeFrom = mail.from;
  expect(envelopeFrom).toMatch(/^bounce-[0-9a-f]{40}@bounces\.inkwell\.test$/);
}, 180_000);

afterAll(async () => {
  if (process.env.DEBUG_DELIVERY) console.log(env?.server.logs().slice(-6000), dovecot?.log());
  await env?.stop();
  await dovecot?.stop();
});

describe("the IMAP poller (INBOUND_IMAP_URL)", () => {
  it("turns a bounce notice appended to the mailbox into a hard bounce and moves it to Inkwell/Handled", async () => {
    await dovecot.append(bounceNotice(envelopeFrom), { user: "inkwell" });
    const outcome = await until(
      () => lib.messageOutcome(brandId, SOURCE, { contactId }),
      (o) => o?.status === "bounced",
      30_000,
    );
    expect(outcome).toMatchObject({ status: "bounced", reason: "hard-bounce" });
    const list = await env.call("/api/suppressions?email=gus@inbox.test", { key });
    expect(list.body.suppressions).toMatchObject([{ email: "gus@inbox.test", reason: "hard-bounce" }]);
    // The row is marked done after its batch's outcomes are recorded.
    const rows = await until(inboundRows, (r) => r.every((x) => x.status === "done"));
    expect(rows).toMatchObject([{ outcome: "bounce", via: "imap", status: "done", recipient: envelopeFrom }]);
    await until(
      async () => ((await dovecot.messages({ user: "inkwell" })) ?? []).length,
      (n) => n === 0,
    );
    expect(await folder("Inkwell/Handled")).toHaveLength(1);
  });

  it("stores a message handed over a second time (the poller died before the move) only once", async () => {
    const before = await inboundRows();
    const [handled] = await folder("Inkwell/Handled");
    const { acceptFromMailbox } = await import("@/lib/inbound/imap/accept-from-mailbox");
    expect(await acceptFromMailbox(handled.raw, { recipients: [envelopeFrom], receivedAt: handled.internalDate })).toBe("stored");
    expect(await inboundRows()).toEqual(before);
  });

  it("sets a message for none of Inkwell's addresses aside as handled, storing nothing", async () => {
    const before = (await inboundRows()).length;
    await dovecot.append("Delivered-To: someone@elsewhere.test\r\nFrom: a@b.test\r\nSubject: hi\r\n\r\nhi\r\n", { user: "inkwell" });
    await until(
      async () => (await folder("Inkwell/Handled")).length,
      (n) => n === 2,
      30_000,
    );
    expect(((await dovecot.messages({ user: "inkwell" })) ?? []).length).toBe(0);
    expect((await inboundRows()).length).toBe(before);
    expect(env.server.logs()).toMatch(
      /\[inbound-imap\] a message for none of Inkwell's addresses was set aside as handled: someone@elsewhere\.test \(foreign-domain\)/,
    );
  });
});
