// Provider webhooks read and verified: SNS signatures with a certificate served on this machine, Postmark's
// Basic credentials, SendGrid's ECDSA signature; forged or altered ones are refused.
import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSnsFixture, type SnsFixture } from "@/tests/fixtures/sns-signer";
import { messageRefOf } from "./provider-event";
import { postmarkAuthorized, postmarkEvents } from "./postmark";
import { sendgridEvents, sendgridSignatureValid } from "./sendgrid";
import { epochSeconds, timestampFresh } from "./freshness";
import { confirmSubscription, forgetCertificates, isTrustedSnsUrl, sesEvents, SnsRejected, verifySnsMessage } from "./sns";

let sns: SnsFixture;
/** SES_SNS_TOPIC_ARNS names the topic here: no confirmed topic is asked for (sns-topics.test.ts: without it). */
const verify = (body: unknown) => verifySnsMessage(body, async () => false);

beforeAll(async () => {
  sns = await startSnsFixture();
  // The second prefix is a port nobody listens on: a certificate that cannot be fetched.
  process.env.SNS_CERT_URL_PREFIXES = `${sns.prefix},http://127.0.0.1:9/`;
  process.env.SES_SNS_TOPIC_ARNS = sns.topicArn;
}, 60_000);
afterAll(() => sns.close());

const REF = "<65a1f0c2e4b0a1b2c3d4e5f6.0a1b2c3d4e5f@acme.test>";
const sesBounce = {
  notificationType: "Bounce",
  bounce: {
    bounceType: "Permanent",
    bounceSubType: "General",
    bouncedRecipients: [{ emailAddress: "gone@inbox.test", diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
    timestamp: "2026-11-20T10:00:00.000Z",
  },
  mail: { messageId: "0100018c-ses-id", commonHeaders: { messageId: REF } },
};

describe("SNS (Amazon SES)", { timeout: 60_000 }, () => {
  it("accepts a message signed with the certificate at its SigningCertURL, and reads SES bounces and complaints", async () => {
    const verified = await verify(sns.notification(sesBounce));
    expect(sesEvents(verified.Message)).toEqual([
      {
        type: "bounce",
        bounceType: "hard",
        messageRef: REF,
        email: "gone@inbox.test",
        detail: "Permanent: General: smtp; 550 5.1.1 user unknown",
        at: new Date("2026-11-20T10:00:00.000Z"),
      },
    ]);
    const complaint = { eventType: "Complaint", complaint: { complainedRecipients: [{ emailAddress: "a@b.test" }] }, mail: sesBounce.mail };
    expect(sesEvents(JSON.stringify(complaint))).toMatchObject([{ type: "complaint", messageRef: REF, email: "a@b.test" }]);
    const transient = { ...sesBounce, bounce: { ...sesBounce.bounce, bounceType: "Transient" } };
    expect(sesEvents(JSON.stringify(transient))[0].bounceType).toBe("soft");
  });

  it("refuses an altered message, a certificate off SNS's hosts, and a forged signature", async () => {
    const good = sns.notification(sesBounce);
    await expect(verify({ ...good, Message: good.Message.replace("Permanent", "Transient") })).rejects.toThrow(SnsRejected);
    await expect(verify({ ...good, SigningCertURL: "https://evil.test/cert.pem" })).rejects.toThrow(/not on an SNS host/);
    await expect(verify({ ...good, Signature: Buffer.alloc(256, 1).toString("base64") })).rejects.toThrow(/does not verify/);
    await expect(verify({ Type: "Notification" })).rejects.toThrow(/not an SNS message/);
  });

  it("confirms a subscription by fetching its SubscribeURL, and remembers its topic", async () => {
    const m = await verify(sns.subscriptionConfirmation("tok-1"));
    const remembered: string[] = [];
    await confirmSubscription(m, async (arn) => void remembered.push(arn));
    expect(sns.confirmed).toEqual(["tok-1"]);
    expect(remembered).toEqual([sns.topicArn]);
  });

  it("tells SNS nothing when the topic cannot be stored (SNS never asks again once confirmed)", async () => {
    const m = await verify(sns.subscriptionConfirmation("tok-unstored"));
    await expect(confirmSubscription(m, async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(sns.confirmed).not.toContain("tok-unstored");
  });

  // Issue 38: SNS's Timestamp was not checked, any .pem was fetched for an unsigned message, uncached, and
  // a certificate that could not be had answered 500.
  it("refuses a message older than WEBHOOK_MAX_AGE_SECONDS (5 minutes by default), signed or not", async () => {
    const old = sns.notification(sesBounce, { Timestamp: new Date(Date.now() - 6 * 60_000).toISOString() });
    await expect(verify(old)).rejects.toThrow(/not within 300 s/);
    const ahead = sns.notification(sesBounce, { Timestamp: new Date(Date.now() + 6 * 60_000).toISOString() });
    await expect(verify(ahead)).rejects.toThrow(/not within 300 s/);
    const recent = sns.notification(sesBounce, { Timestamp: new Date(Date.now() - 4 * 60_000).toISOString() });
    await expect(verify(recent)).resolves.toMatchObject({ Type: "Notification" });
  });

  it("fetches a certificate only for a signed message of an expected topic, once, and a failed fetch is a rejection", async () => {
    forgetCertificates();
    const before = sns.certFetches.length;
    const good = sns.notification(sesBounce);
    for (const unsigned of [
      { ...good, Signature: "" },
      { ...good, Signature: "AAAA" },
      { ...good, Signature: "not base64!" },
    ])
      await expect(verify(unsigned)).rejects.toThrow(/not signed/);
    const otherTopic = sns.notification(sesBounce, { TopicArn: "arn:aws:sns:eu-west-1:123456789012:someone-else" });
    await expect(verify(otherTopic)).rejects.toThrow(/topic is not expected/);
    expect(sns.certFetches.length).toBe(before);

    // Cached: three messages, one fetch.
    for (let i = 0; i < 3; i++) await verify(sns.notification(sesBounce));
    expect(sns.certFetches.slice(before)).toEqual(["/cert.pem"]);

    // Text that is no certificate and a server that is not there are rejections (401), not errors (500),
    // and a URL that failed is not fetched again at once.
    const garbage = { ...good, SigningCertURL: `${sns.prefix}garbage.pem` };
    await expect(verify(garbage)).rejects.toThrow(SnsRejected);
    await expect(verify(garbage)).rejects.toThrow(/not a certificate/);
    expect(sns.certFetches.filter((p) => p === "/garbage.pem")).toHaveLength(1);
    await expect(verify({ ...good, SigningCertURL: "http://127.0.0.1:9/cert.pem" })).rejects.toThrow(SnsRejected);
  });

  it("trusts only https SNS hosts of AWS (and the allowed prefixes)", () => {
    expect(isTrustedSnsUrl("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem", "cert")).toBe(true);
    expect(isTrustedSnsUrl("http://sns.eu-west-1.amazonaws.com/x.pem", "cert")).toBe(false);
    expect(isTrustedSnsUrl("https://sns.eu-west-1.amazonaws.com.evil.test/x.pem", "cert")).toBe(false);
    expect(isTrustedSnsUrl("https://sns.eu-west-1.amazonaws.com:8443/x.pem", "cert")).toBe(false);
    // AWS's certificate names only, on the topic's own region (issue 38: any .pem on any path was fetched).
    expect(isTrustedSnsUrl("https://sns.eu-west-1.amazonaws.com/some/other/file.pem", "cert")).toBe(false);
    expect(isTrustedSnsUrl("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-abc.pem?x=1", "cert")).toBe(false);
    const cert = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem";
    expect(isTrustedSnsUrl(cert, "cert", "arn:aws:sns:eu-west-1:123456789012:ses")).toBe(true);
    expect(isTrustedSnsUrl(cert, "cert", "arn:aws:sns:us-east-1:123456789012:ses")).toBe(false);
  });
});

describe("Postmark", () => {
  const auth = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;

  it("checks the Basic password and reads bounces and complaints by Inkwell's metadata", () => {
    expect(postmarkAuthorized(auth("postmark", "correct horse battery"), "correct horse battery")).toBe(true);
    expect(postmarkAuthorized(auth("postmark", "wrong"), "correct horse battery")).toBe(false);
    expect(postmarkAuthorized(null, "correct horse battery")).toBe(false);
    const bounce = {
      RecordType: "Bounce",
      Type: "HardBounce",
      Email: "gone@inbox.test",
      Details: "550 unknown",
      Metadata: { "inkwell-message": "ref" },
    };
    expect(postmarkEvents(bounce)).toMatchObject([{ type: "bounce", bounceType: "hard", messageRef: "ref", email: "gone@inbox.test" }]);
    expect(postmarkEvents({ ...bounce, Type: "SoftBounce" })[0].bounceType).toBe("soft");
    expect(postmarkEvents({ RecordType: "SpamComplaint", Email: "a@b.test", Metadata: { "inkwell-message": "ref" } })).toMatchObject([
      { type: "complaint" },
    ]);
    expect(postmarkEvents({ ...bounce, Metadata: {} })).toEqual([]);
  });
});

describe("SendGrid", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const key = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const body = JSON.stringify([
    { email: "gone@inbox.test", event: "bounce", type: "bounce", reason: "550 unknown", "smtp-id": REF, timestamp: 1763632800 },
    { email: "b@inbox.test", event: "bounce", type: "blocked", inkwell_message: "ref2" },
    { email: "c@inbox.test", event: "spamreport", inkwell_message: "ref3" },
    { email: "d@inbox.test", event: "delivered", inkwell_message: "ref4" },
  ]);
  const timestamp = "1763632800";
  const signature = sign("sha256", Buffer.from(timestamp + body), privateKey).toString("base64");

  it("verifies the ECDSA signature over timestamp and body, and reads the events", () => {
    expect(sendgridSignatureValid(body, signature, timestamp, key)).toBe(true);
    expect(sendgridSignatureValid(body.replace("bounce", "bounced"), signature, timestamp, key)).toBe(false);
    expect(sendgridSignatureValid(body, signature, "1763632801", key)).toBe(false);
    expect(sendgridSignatureValid(body, null, timestamp, key)).toBe(false);
    expect(sendgridSignatureValid(body, "bm90IGEgc2lnbmF0dXJl", timestamp, key)).toBe(false);
    // A valid signature is good for WEBHOOK_MAX_AGE_SECONDS only (issue 38: a 30-day-old one was accepted).
    const now = Date.now();
    expect(timestampFresh(epochSeconds(String(Math.floor(now / 1000) - 299)), now)).toBe(true);
    expect(timestampFresh(epochSeconds(String(Math.floor(now / 1000) - 301)), now)).toBe(false);
    expect(timestampFresh(epochSeconds(String(Math.floor(now / 1000) - 30 * 86_400)), now)).toBe(false);
    expect(timestampFresh(epochSeconds("1763632800.5"), now)).toBe(false);
    expect(sendgridEvents(JSON.parse(body))).toMatchObject([
      { type: "bounce", bounceType: "hard", messageRef: REF, email: "gone@inbox.test", detail: "550 unknown" },
      { type: "bounce", bounceType: "soft", messageRef: "ref2" },
      { type: "complaint", messageRef: "ref3" },
    ]);
  });
});

describe("messageRefOf", () => {
  it("reads the id and MAC of a Message-ID, bracketed or not", () => {
    expect(messageRefOf(REF)).toEqual({ id: "65a1f0c2e4b0a1b2c3d4e5f6", mac: "0a1b2c3d4e5f" });
    expect(messageRefOf("65a1f0c2e4b0a1b2c3d4e5f6.0a1b2c3d4e5f")).toEqual({ id: "65a1f0c2e4b0a1b2c3d4e5f6", mac: "0a1b2c3d4e5f" });
    expect(messageRefOf("<0100018c-ses-id@email.amazonses.com>")).toBeNull();
  });
});
