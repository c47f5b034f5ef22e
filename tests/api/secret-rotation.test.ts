// Issue 38, finding 10, end to end: an email's unsubscribe links keep working after the operator rotates
// AUTH_SECRET, while the old secret is listed in AUTH_SECRET_PREVIOUS. One database, one email sent by a
// server under the first secret, then servers restarted under the second: without the previous secret the
// old links are refused (and change nothing); with it, the one-click POST and the page both work.
import { randomBytes } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../fixtures/smtp-sink";
import { oneTextBlockTemplate } from "./delivery-setup";
import { freshDatabaseUrl, startTestServer, type TestServer } from "./setup/test-server";

const VERSION = "2026-03-15";
const FIRST = `first-secret-${randomBytes(12).toString("hex")}`;
const SECOND = `second-secret-${randomBytes(12).toString("hex")}`;
const SENDER = "news@rotation.test";
const RECIPIENT = "reader@rotation.test";

let server: TestServer | undefined;
let sink: SmtpSink;
let databaseUrl = "";
let cleanup: () => void = () => {};
let key = "";
let contactId = "";
/** The paths of the sent email's links: its List-Unsubscribe URL and the unsubscribe link in its body. */
let oneClickPath = "";
let pagePath = "";

async function restart(env: Record<string, string>) {
  await server?.stop();
  server = await startTestServer({
    label: "rotation",
    databaseUrl,
    env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port), SMTP_TLS: "none", EVENTS_WORKER_IDLE_MS: "50", ...env },
  });
}

async function call(path: string, options: { method?: string; body?: unknown } = {}) {
  const res = await fetch(server!.baseUrl + path, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers: {
      "Service-Version": VERSION,
      Authorization: `Service-API-Key ${key}`,
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const emailStatus = async () => (await call(`/api/contacts/${contactId}`)).body.identifiers[0].channels.email.status as string;
const oneClick = () =>
  fetch(server!.baseUrl + oneClickPath, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
const unsubscribePage = async () => (await fetch(server!.baseUrl + pagePath)).text();

beforeAll(async () => {
  const fresh = await freshDatabaseUrl("rotation");
  databaseUrl = fresh.url;
  cleanup = fresh.cleanup;
  sink = await startSmtpSink();
  await restart({ AUTH_SECRET: FIRST });
  Object.assign(process.env, { DATABASE_URL: databaseUrl, AUTH_SECRET: FIRST });
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
  const brand = await createBrand({ name: "Rotation Shop", plan: "standard" });
  await markAddressVerified(brand.id, SENDER, "Rotation Shop");
  key = (await createApiKey(brand.id, "test")).key;
  const contact = await call("/api/contacts", {
    body: { identifiers: [{ type: "email", id: RECIPIENT, channels: { email: { status: "subscribed" } } }] },
  });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  contactId = contact.body.id;
  const template = await call("/api/email-templates", {
    body: oneTextBlockTemplate("Rotation", '<p>Hello</p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>'),
  });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  const campaign = await call("/api/campaigns", {
    body: {
      channel: "email",
      type: "regular",
      name: "Before the rotation",
      content: { email: { templateID: template.body.id, subject: "Sent under the first secret", senderName: "Rotation Shop" } },
    },
  });
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
  expect((await call(`/api/campaigns/${campaign.body.id}/send`, { method: "POST" })).status).toBe(204);
  await sink.waitFor(1, 60_000);
  const mail = await simpleParser(sink.received[0].raw);
  const line = mail.headerLines.find((h) => h.key === "list-unsubscribe")!.line;
  const listUnsubscribe = /<(https?:[^>]+)>/.exec(line)![1];
  oneClickPath = new URL(listUnsubscribe).pathname;
  pagePath = new URL(/href="(https?:\/\/[^"]*\/email\/unsubscribe\/[^"]+)"/.exec(String(mail.html))![1]).pathname;
  expect(oneClickPath).toMatch(/^\/email\/list-unsubscribe\//);
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await sink?.close();
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  cleanup();
});

describe("AUTH_SECRET rotated after an email was sent", () => {
  it("without AUTH_SECRET_PREVIOUS the email's links no longer verify, and change nothing", async () => {
    await restart({ AUTH_SECRET: SECOND });
    expect((await oneClick()).status).toBe(404);
    expect(await unsubscribePage()).toContain("This link does not work");
    expect(await emailStatus()).toBe("subscribed");
  }, 120_000);

  it("with the old secret in AUTH_SECRET_PREVIOUS the page asks and the one-click POST unsubscribes", async () => {
    await restart({ AUTH_SECRET: SECOND, AUTH_SECRET_PREVIOUS: FIRST });
    const page = await unsubscribePage();
    expect(page).not.toContain("This link does not work");
    expect(page).toContain(RECIPIENT);
    const res = await oneClick();
    expect(res.status).toBe(200);
    expect(await emailStatus()).toBe("unsubscribed");
  }, 120_000);
});
