// Issue 38, findings 1 and 2, as a hostile tenant tries them against servers of this file's own:
//  1. in outbox mode (no SMTP_HOST) the tenant reads its own confirmation email in the outbox and confirms
//     any address; once the deployment delivers for real (restarted with SMTP_HOST on the same database),
//     that confirmation does not count: the address is not verified, says it must be confirmed again,
//     and sends from it are refused until a link delivered by SMTP is confirmed;
//  2. the deployment's address (SMTP_FROM) is refused to campaigns and automations unless the operator
//     shares it (SMTP_FROM_SHARED=on), and then mail from it carries the brand's name, not the tenant's text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../fixtures/smtp-sink";
import { freshDatabaseUrl, startTestServer, type TestServer } from "./setup/test-server";

const VERSION = "2026-03-15";
const SMTP_FROM = "Inkwell <no-reply@inkwell.test>";
let server: TestServer;
let sink: SmtpSink;
let databaseUrl = "";
let cleanup: () => void = () => {};
let brandId = "";
let key = "";
let templateId = "";

async function call(path: string, options: { method?: string; body?: unknown } = {}) {
  const res = await fetch(server.baseUrl + path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: {
      "Service-Version": VERSION,
      Authorization: `Service-API-Key ${key}`,
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const start = (env: Record<string, string>) =>
  startTestServer({ label: "sender-trust", databaseUrl, env: { SMTP_FROM, SMTP_FROM_SHARED: "off", ...env } });

async function confirmLink(link: string) {
  const path = new URL(link).pathname;
  const confirm = await fetch(`${server.baseUrl}${path}/confirm`, { method: "POST", redirect: "manual" });
  expect(confirm.status).toBe(303);
}

beforeAll(async () => {
  const fresh = await freshDatabaseUrl("sender-trust");
  databaseUrl = fresh.url;
  cleanup = fresh.cleanup;
  sink = await startSmtpSink();
  server = await start({});
  // This process seeds the servers' database with the same settings (the lib's config is read once).
  Object.assign(process.env, { DATABASE_URL: databaseUrl, AUTH_SECRET: server.authSecret, SMTP_FROM, SMTP_FROM_SHARED: "on" });
  delete process.env.SMTP_HOST;
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const brand = await createBrand({ name: "Trusty Shop", plan: "standard" });
  brandId = brand.id;
  key = (await createApiKey(brand.id, "test")).key;
  const id24 = (n: number) => n.toString(16).padStart(24, "0");
  const text = { id: id24(4), type: "text", text: '<p>Hi</p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>' };
  const template = await call("/api/email-templates", {
    body: { name: "Hello", sections: [{ id: id24(1), rows: [{ id: id24(2), columns: [{ id: id24(3), blocks: [text] }] }] }] },
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  cleanup();
});

const campaign = (senderEmail: string) => ({
  channel: "email",
  type: "regular",
  name: `From ${senderEmail} ${Math.random()}`,
  content: { email: { templateID: templateId, subject: "Hello", senderName: "Inkwell Security Team", senderEmail } },
});

describe("a confirmation read in the outbox", () => {
  it("does not count once email is delivered by SMTP: not verified, to confirm again, sends refused until then", async () => {
    const added = await call("/api/sender-addresses", { body: { email: "ceo@bigbank.test", name: "The CEO" } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // The tenant reads the confirmation link from its own outbox and confirms the address it does not own.
    const list = await call("/api/messages?search=ceo@bigbank.test");
    const html = (await call(`/api/messages/${list.body.messages[0].id}`)).body.body.html as string;
    await confirmLink(/href="([^"]+\/email\/verify-sender\/[^"]+)"/.exec(html)![1]);
    expect((await call(`/api/sender-addresses/${added.body.id}`)).body).toMatchObject({ verified: true, verifiedBy: "link" });

    // The operator configures real delivery.
    await server.stop();
    server = await start({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port), SMTP_TLS: "none" });
    expect((await call(`/api/sender-addresses/${added.body.id}`)).body).toMatchObject({
      verified: false,
      verifiedBy: null,
      reconfirmationRequired: true,
    });
    const refused = await call("/api/campaigns", { body: campaign("ceo@bigbank.test") });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.type).toMatch(/sender-unverified$/);

    // A new link, delivered for real, confirmed by whoever reads that mailbox: it counts.
    const resent = await call(`/api/sender-addresses/${added.body.id}/confirmation`, { method: "POST" });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    await sink.waitFor(1, 30_000);
    const raw = sink.received
      .find((m) => m.to.includes("ceo@bigbank.test"))!
      .raw.replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    await confirmLink(/(https?:\/\/[^"\s]+\/email\/verify-sender\/[0-9a-f]{24}\.[A-Za-z0-9_-]+)/.exec(raw)![1]);
    expect((await call(`/api/sender-addresses/${added.body.id}`)).body).toMatchObject({
      verified: true,
      verifiedBy: "link",
      reconfirmationRequired: false,
    });
  }, 240_000);
});

describe("the deployment's address", () => {
  it("is refused to campaigns and automations unless the operator shares it (SMTP_FROM_SHARED=off by default)", async () => {
    expect((await call("/api/sending-settings")).body).toMatchObject({
      deploymentSender: "no-reply@inkwell.test",
      deploymentSenderShared: false,
    });
    const refused = await call("/api/campaigns", { body: campaign("no-reply@inkwell.test") });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.detail).toContain("SMTP_FROM_SHARED");
    expect(refused.body.errors[0]).toMatchObject({ pointer: "/content/email/senderEmail" });
    // No sender named: the brand's own verified address (confirmed above), never the deployment's.
    const omitted = await call("/api/campaigns", {
      body: { ...campaign(""), content: { email: { templateID: templateId, subject: "Hello", senderName: "X" } } },
    });
    expect(omitted.status, JSON.stringify(omitted.body)).toBe(201);
    expect(omitted.body.content.email.senderEmail).toBe("ceo@bigbank.test");

    const automation = await call("/api/automations", {
      body: {
        name: "Welcome",
        trigger: { condition: { event: "checkout started", origin: "api" } },
        blocks: [
          {
            temporaryID: "e",
            type: "action",
            action: {
              type: "sendEmail",
              sendEmail: {
                language: "en_US",
                subject: "Hi",
                preheader: "",
                senderName: "Inkwell Security Team",
                senderEmail: "no-reply@inkwell.test",
                templateID: templateId,
              },
            },
          },
        ],
      },
    });
    expect(automation.status, JSON.stringify(automation.body)).toBe(201);
    const enable = await call(`/api/automations/${automation.body.id}/enable`, { method: "POST" });
    expect(enable.status, JSON.stringify(enable.body)).toBe(409);
    expect(JSON.stringify(enable.body)).toContain("SMTP_FROM_SHARED");
  });

  it("when shared, carries the brand's own name whatever name the send gives", async () => {
    // This process's lib runs with SMTP_FROM_SHARED=on (set before it was first imported).
    const { enqueueMessages } = await import("@/lib/delivery");
    const { db } = await import("@/lib/db");
    const result = await enqueueMessages(brandId, {
      source: { kind: "campaign", id: "shared-sender" },
      content: { templateId, subject: "Hi", senderName: "Inkwell Security Team", senderEmail: "no-reply@inkwell.test" },
      recipients: [],
    });
    const content = await db.messageContent.findUniqueOrThrow({ where: { id: result.contentId }, select: { senderName: true } });
    expect(content.senderName).toBe("Trusty Shop");
  });
});
