// Test emails through a real SMTP server (smtp-server, nodemailer's own), on this machine: login, the
// message as sent, and a refusal reported with the server's answer.
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmtpSettings } from "@/lib/config";
import { deliver } from "./deliver";

type Received = { from: string; to: string[]; user?: string; raw: string };
const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, done) {
      if (auth.username === "inkwell" && auth.password === "s3cret") done(null, { user: auth.username });
      else done(new Error("Invalid login"));
    },
    onRcptTo(address, _session, done) {
      if (address.address.endsWith("@refused.test")) done(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      else done();
    },
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.server.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const smtp = (over: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: "127.0.0.1",
  port,
  tls: "none",
  auth: null,
  from: "Acme <news@acme.test>",
  ...over,
});
const mail = {
  from: "Acme <news@acme.test>",
  to: ["ana@acme.test", "ben@acme.test"],
  subject: "[Test] Spring sale",
  html: "<p>Hello <b>Ana</b></p>",
  text: "Hello Ana",
};

describe("deliver", () => {
  it("keeps the email in the outbox when no SMTP server is configured", async () => {
    expect(await deliver(mail, null)).toEqual({ transport: "outbox", status: "sent", error: null });
  });

  it("sends through the SMTP server with its login: sender, recipients, subject and both parts", async () => {
    received.length = 0;
    expect(await deliver(mail, smtp({ auth: { user: "inkwell", pass: "s3cret" } }))).toEqual({
      transport: "smtp",
      status: "sent",
      error: null,
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "news@acme.test", to: ["ana@acme.test", "ben@acme.test"], user: "inkwell" });
    const raw = received[0].raw;
    expect(raw).toMatch(/^Subject: \[Test\] Spring sale\r$/m);
    expect(raw).toMatch(/^From: Acme <news@acme\.test>\r$/m);
    expect(raw).toMatch(/^X-Inkwell-Test: true\r$/m);
    expect(raw).toMatch(/Content-Type: text\/plain[^]*Hello Ana[^]*Content-Type: text\/html[^]*<p>Hello <b>Ana<\/b><\/p>/);
  });

  it("reports a refused login or recipient with the server's answer", async () => {
    const login = await deliver(mail, smtp({ auth: { user: "inkwell", pass: "wrong" } }));
    expect(login).toMatchObject({ transport: "smtp", status: "failed", error: expect.stringMatching(/Invalid login/) });
    const rcpt = await deliver({ ...mail, to: ["nobody@refused.test"] }, smtp());
    expect(rcpt).toMatchObject({ transport: "smtp", status: "failed", error: expect.stringMatching(/550.*Mailbox unavailable/) });
  });

  it("refuses to send without TLS when STARTTLS is required and the server does not offer it", async () => {
    received.length = 0;
    const result = await deliver(mail, smtp({ tls: "starttls" }));
    // nodemailer insists on STARTTLS, which this server refuses ("command not recognized"): nothing goes out in clear text.
    expect(result).toMatchObject({ transport: "smtp", status: "failed", error: expect.stringMatching(/^500 /) });
    expect(received).toEqual([]);
  });
});
