// A relay whose certificate names another host (a real Postfix, a test authority's certificate for
// mx.elsewhere.test, SMTP_HOST 127.0.0.1): no retry fixes that, so each message in flight fails at once with
// the reason, the campaign pauses with the reason shown as its statusReason, and the server logs one line
// (issue 39: retried as temporary for half an hour, the campaign "started" with no reason, the log silent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink, type SmtpSink } from "../fixtures/smtp-sink";
import { startPostfix, type Postfix } from "../support/postfix";
import { makeTestCa, type TestCa } from "../support/test-ca";
import { startDeliveryEnv, type DeliveryEnv, oneTextBlockTemplate } from "./delivery-setup";
import { until } from "./until";

const SENDER = "news@acme.test";
let ca: TestCa;
let sink: SmtpSink;
let postfix: Postfix;
let env: DeliveryEnv;
let key = "";

const call = (path: string, options: { method?: string; body?: unknown } = {}) => env.call(path, { key, ...options });

beforeAll(async () => {
  ca = makeTestCa();
  sink = await startSmtpSink();
  postfix = await startPostfix({ routes: { "inbox.test": sink.port }, tls: ca.issue("elsewhere", { dns: ["mx.elsewhere.test"] }) });
  env = await startDeliveryEnv({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(postfix.port),
    SMTP_TLS: "starttls",
    SMTP_TLS_CA_FILE: ca.caFile,
    // The failure must show at once, not after DELIVERY_MAX_ATTEMPTS retries of 300 ms.
    DELIVERY_RETRY_BASE_MS: "600000",
  });
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
  const brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  await markAddressVerified(brandId, SENDER, "Acme");
  for (const name of ["ana", "ben", "cy"]) {
    const res = await call("/api/contacts", {
      body: { identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status: "subscribed" } } }] },
    });
    expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  }
}, 180_000);

afterAll(async () => {
  if (process.env.DEBUG_DELIVERY) console.log(postfix?.log(), env?.server.logs().slice(-4000));
  await env?.stop();
  await postfix?.stop();
  await sink?.close();
  ca?.remove();
});

describe("a relay certificate for another name", () => {
  it("fails the messages at once with the reason, pauses the campaign with it, and logs one line", async () => {
    const template = await call("/api/email-templates", { body: oneTextBlockTemplate("Mismatch", "<p>Hello</p>") });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const created = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "regular",
        name: "Over a mismatched certificate",
        content: { email: { templateID: template.body.id, subject: "Hello", senderName: "Acme", senderEmail: SENDER } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect((await call(`/api/campaigns/${id}/send`, { method: "POST" })).status).toBe(204);

    const campaign = await until(
      async () => (await call(`/api/campaigns/${id}`)).body,
      (c) => c.status === "paused",
      20_000,
    );
    expect(campaign.statusReason).toMatch(/^The mail server's TLS certificate was not trusted \(check SMTP_HOST and SMTP_TLS_CA_FILE\): /);
    expect(campaign.statusReason).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);

    // Every message handed to the transport failed on its first attempt; none waits for a retry.
    const messages = await until(
      async () => (await call(`/api/messages?sourceKind=campaign&sourceID=${id}`)).body.messages as { status: string }[],
      (list) => list.length === 3 && list.every((m) => m.status !== "queued" && m.status !== "sending"),
    );
    const failed = messages.filter((m) => m.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    for (const m of failed)
      expect(m).toMatchObject({
        reason: "tls-certificate",
        attempts: 1,
        detail: expect.stringMatching(/127\.0\.0\.1 is not in the cert's list/),
      });
    for (const m of messages.filter((m) => m.status !== "failed")) expect(m.status).toBe("paused");
    expect(sink.total()).toBe(0);

    const lines = env.server
      .logs()
      .split("\n")
      .filter((l) => l.includes(`paused campaign ${id}`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/TLS certificate was not trusted/);
  });
});
