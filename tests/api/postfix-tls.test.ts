// STARTTLS to a real Postfix whose certificate a test authority signed (openssl CLI): with SMTP_TLS_CA_FILE
// naming that authority, Inkwell verifies the certificate and delivers; EHLO says SMTP_HELO_NAME (Postfix
// writes it into its Received header: issue 39, it said "[127.0.0.1]"); and a provider's own headers stay
// off mail through a relay that is no provider's.
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
let lib: typeof import("@/lib/delivery");
let brandId = "";

beforeAll(async () => {
  ca = makeTestCa();
  sink = await startSmtpSink();
  postfix = await startPostfix({
    routes: { "inbox.test": sink.port },
    tls: ca.issue("mx", { dns: ["mx.postfix.test"], ip: ["127.0.0.1"] }),
  });
  env = await startDeliveryEnv({
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(postfix.port),
    SMTP_TLS: "starttls",
    SMTP_TLS_CA_FILE: ca.caFile,
    SMTP_HELO_NAME: "mailer.inkwell.test",
  });
  lib = await import("@/lib/delivery");
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  await markAddressVerified(brandId, SENDER, "Acme");
}, 180_000);

afterAll(async () => {
  if (process.env.DEBUG_DELIVERY) console.log(postfix?.log(), env?.server.logs().slice(-4000));
  await env?.stop();
  await postfix?.stop();
  await sink?.close();
  ca?.remove();
});

describe("STARTTLS to Postfix with SMTP_TLS_CA_FILE", () => {
  it("verifies the relay's certificate and delivers, saying SMTP_HELO_NAME in EHLO", async () => {
    const key = (await (await import("@/lib/brands/api-keys")).createApiKey(brandId, "t")).key;
    const template = await env.call("/api/email-templates", { key, body: oneTextBlockTemplate("TLS", "<p>Hello</p>") });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const contact = await env.call("/api/contacts", {
      key,
      body: { identifiers: [{ type: "email", id: "ana@inbox.test", channels: { email: { status: "subscribed" } } }] },
    });
    expect([200, 201], JSON.stringify(contact.body)).toContain(contact.status);
    await lib.enqueueMessages(brandId, {
      source: { kind: "campaign", id: "tls" },
      content: { templateId: template.body.id, subject: "Over TLS", senderName: "Acme", senderEmail: SENDER },
      recipients: [{ contactId: contact.body.id }],
    });
    await sink.waitFor(1, 20_000);
    const [mail] = sink.received;
    expect(mail.to).toEqual(["ana@inbox.test"]);
    // Postfix's Received header: the EHLO name, and the TLS session it accepted the message over.
    const received = /^Received: from ([^\r\n]+\r\n(?:[ \t][^\r\n]+\r\n)*)/m.exec(mail.raw)![1];
    expect(received).toMatch(/^mailer\.inkwell\.test \(localhost \[127\.0\.0\.1\]\)/);
    expect(received).toMatch(/\bwith ESMTPS id /); // ESMTPS: over TLS (RFC 3848)
    expect(mail.raw).not.toMatch(/^X-SMTPAPI:/im);
    expect(mail.raw).not.toMatch(/^X-PM-Metadata-/im);
    await until(
      () => lib.messageOutcome(brandId, { kind: "campaign", id: "tls" }, { contactId: contact.body.id }),
      (m) => m?.status === "sent",
    );
  });
});
