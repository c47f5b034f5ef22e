// The transport's TLS and EHLO settings against a real SMTP server on this machine (smtp-server) with a
// certificate from a test authority (openssl): SMTP_TLS_CA_FILE makes it trusted, a name it does not carry
// fails as a setting to fix (not a retry), and EHLO says SMTP_HELO_NAME (issue 39: it said "[127.0.0.1]").
import fs from "node:fs";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmtpSettings } from "@/lib/config";
import { makeTestCa, type TestCa } from "../../../tests/support/test-ca";
import { smtpTransport, type OutgoingMail } from "./smtp";

let ca: TestCa;
let server: SMTPServer;
let port: number;
const helos: string[] = [];

beforeAll(async () => {
  ca = makeTestCa();
  const cert = ca.issue("mx", { dns: ["mx.acme.test"], ip: ["127.0.0.1"] });
  server = new SMTPServer({
    key: fs.readFileSync(cert.keyFile),
    cert: fs.readFileSync(cert.certFile),
    authOptional: true,
    logger: false,
    onMailFrom(_address, session, done) {
      helos.push(session.hostNameAppearsAs);
      done();
    },
    onData(stream, _session, done) {
      stream.resume();
      stream.on("end", () => done());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.server.address() as { port: number }).port;
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  ca?.remove();
});

const settings = (over: Partial<SmtpSettings>): SmtpSettings => ({
  host: "127.0.0.1",
  port,
  tls: "starttls",
  auth: null,
  from: "x@acme.test",
  heloName: null,
  caFile: null,
  ...over,
});
const mail: OutgoingMail = {
  from: { name: "Acme", address: "news@acme.test" },
  to: "ana@inbox.test",
  subject: "Hello",
  html: "<p>Hello</p>",
  text: "Hello",
  messageId: "<a1@acme.test>",
  headers: {},
};

async function send(over: Partial<SmtpSettings>) {
  const transport = smtpTransport(settings(over), { connections: 1, ratePerSecond: 0 });
  try {
    return await transport.send(mail);
  } finally {
    transport.close();
  }
}

describe("the SMTP transport's TLS and EHLO", { timeout: 60_000 }, () => {
  it("trusts the server's certificate with SMTP_TLS_CA_FILE, and says SMTP_HELO_NAME in EHLO", async () => {
    expect(await send({ caFile: ca.caFile, heloName: "mailer.acme.test" })).toMatchObject({ result: "sent" });
    expect(helos.at(-1)).toBe("mailer.acme.test");
  });

  it("fails a certificate it cannot verify as a setting, with the reason", async () => {
    expect(await send({})).toMatchObject({
      result: "setting",
      problem: "tls-certificate",
      response: expect.stringContaining("certificate"),
    });
  });

  it("fails a name the certificate does not carry as a setting, with the reason", async () => {
    const outcome = await send({ host: "localhost", caFile: ca.caFile });
    expect(outcome).toMatchObject({ result: "setting", problem: "tls-certificate" });
    expect(outcome.result !== "sent" && outcome.response).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
  });
});
