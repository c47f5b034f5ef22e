// The SMTP transport against a real SMTP server on this machine (smtp-server): the message as received
// (headers written as given, a DKIM signature that verifies with the public key), and what each kind of
// refusal means (a 550 to the recipient is a bounce, a 451 a retry, a refused login not the recipient's fault).
import { generateKeyPairSync } from "node:crypto";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SmtpSettings } from "@/lib/config";
import { classifySmtpError, smtpTransport, type OutgoingMail, type Transport } from "./smtp";

const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, done) {
      if (auth.username === "inkwell" && auth.password === "s3cret") done(null, { user: auth.username });
      else done(Object.assign(new Error("Invalid login"), { responseCode: 535 }));
    },
    onRcptTo(address, _session, done) {
      if (address.address.startsWith("gone@")) done(Object.assign(new Error("5.1.1 No such user"), { responseCode: 550 }));
      else if (address.address.startsWith("busy@")) done(Object.assign(new Error("4.2.1 Try again later"), { responseCode: 451 }));
      else done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
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
  from: "x@acme.test",
  heloName: null,
  caFile: null,
  ...over,
});
const mail = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  from: { name: "Acme News", address: "news@acme.test" },
  to: "ana@inbox.test",
  replyTo: "help@acme.test",
  subject: "Spring sale, Ana",
  html: "<p>Hello <b>Ana</b></p>",
  text: "Hello Ana",
  messageId: "<65a1f0c2e4b0a1b2c3d4e5f6.a1b2c3@acme.test>",
  headers: {
    "List-Unsubscribe": "<https://ink.test/email/list-unsubscribe/tok>, <mailto:unsubscribe@acme.test?subject=unsubscribe-tok>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
  ...over,
});

async function withTransport<T>(settings: SmtpSettings, work: (t: Transport) => Promise<T>): Promise<T> {
  const transport = smtpTransport(settings, { connections: 2, ratePerSecond: 0 });
  try {
    return await work(transport);
  } finally {
    transport.close();
  }
}

// RSA key generation and SMTP sessions take seconds on a loaded machine.
describe("smtpTransport", { timeout: 60_000 }, () => {
  it("sends one message per recipient with the headers as given, signed with DKIM when a key is given", async () => {
    received.length = 0;
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const outcome = await withTransport(smtp({ auth: { user: "inkwell", pass: "s3cret" } }), (t) =>
      t.send(mail({ dkim: { domainName: "acme.test", keySelector: "ink1", privateKey: pem } })),
    );
    expect(outcome).toMatchObject({ result: "sent" });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["ana@inbox.test"]);
    const parsed = await simpleParser(received[0].raw);
    expect(parsed.messageId).toBe("<65a1f0c2e4b0a1b2c3d4e5f6.a1b2c3@acme.test>");
    expect(received[0].raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(received[0].raw).toMatch(
      /^List-Unsubscribe: <https:\/\/ink\.test\/email\/list-unsubscribe\/tok>, <mailto:unsubscribe@acme\.test\?subject=unsubscribe-tok>\r$/m,
    );
    expect(parsed.subject).toBe("Spring sale, Ana");
    expect(parsed.text?.trim()).toBe("Hello Ana");
    expect(parsed.html).toContain("<b>Ana</b>");

    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
    const resolver = async (name: string, type: string) => {
      if (name === "ink1._domainkey.acme.test" && type === "TXT") return [[record]];
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    const verified = await dkimVerify(Buffer.from(received[0].raw), { resolver });
    expect(verified.results.map((r: { status: { result: string } }) => r.status.result)).toEqual(["pass"]);
  });

  it("signs what relaxed canonicalization changes (runs of spaces, long and non-ASCII lines, folded subjects) so that it verifies", async () => {
    received.length = 0;
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const html = `<table>\n    <tr>\t\t<td   class="x">Grüße,   Ana — ${"déjà vu ".repeat(40)}</td>   \n  </tr>\n</table>\n\n\n`;
    const messages = [
      mail({
        subject: `Ünïcode subject that is long enough to be folded into several encoded words ${"é".repeat(40)}`,
        html,
        text: "a  b\t\tc   \n\n",
      }),
      mail({ html: "", text: "" }),
    ];
    await withTransport(smtp(), async (t) => {
      for (const m of messages)
        expect(await t.send({ ...m, dkim: { domainName: "Acme.test", keySelector: "ink1", privateKey: pem } })).toMatchObject({
          result: "sent",
        });
    });
    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
    const resolver = async (name: string, type: string) => {
      if (name === "ink1._domainkey.acme.test" && type === "TXT") return [[record]];
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    expect(received).toHaveLength(2);
    for (const { raw } of received) {
      const verified = await dkimVerify(Buffer.from(raw), { resolver });
      expect(verified.results.map((r: { status: { result: string } }) => r.status.result)).toEqual(["pass"]);
      // RFC 8058: one-click unsubscribe counts only when the signature covers both headers
      expect(raw).toMatch(
        /^ h=from:reply-to:subject:date:message-id:to:mime-version:content-type:list-unsubscribe:list-unsubscribe-post;/m,
      );
      expect(raw.split("\r\n").every((line) => line.length <= 998)).toBe(true);
    }
  });

  it("calls a 550 to the recipient a hard bounce, a 451 a retry, a refused login a setting to fix", async () => {
    await withTransport(smtp(), async (t) => {
      expect(await t.send(mail({ to: "gone@inbox.test" }))).toMatchObject({
        result: "hard",
        code: 550,
        response: expect.stringMatching(/No such user/),
      });
      expect(await t.send(mail({ to: "busy@inbox.test" }))).toMatchObject({ result: "soft", code: 451 });
    });
    const login = await withTransport(smtp({ auth: { user: "inkwell", pass: "wrong" } }), (t) => t.send(mail()));
    // Issue 39: retried as temporary for half an hour before; no retry logs in with a wrong password.
    expect(login).toMatchObject({ result: "setting", problem: "smtp-login", code: 535 });
  });

  it("calls an unreachable server an error, never a bounce", async () => {
    const outcome = await withTransport(smtp({ port: 1 }), (t) => t.send(mail()));
    expect(outcome).toMatchObject({ result: "error", code: null });
  });
});

describe("classifySmtpError", () => {
  it("reads the code and the command of nodemailer's errors", () => {
    expect(classifySmtpError({ responseCode: 552, command: "DATA", response: "552 too big" })).toEqual({
      result: "hard",
      code: 552,
      response: "552 too big",
    });
    expect(classifySmtpError({ responseCode: 553, command: "MAIL FROM", response: "553 sender refused" }).result).toBe("error");
    expect(classifySmtpError({ responseCode: 421, command: "CONN", response: "421 busy" }).result).toBe("soft");
    // A temporary authentication failure (454) is tried again; a certificate that does not verify is not.
    expect(classifySmtpError({ code: "EAUTH", responseCode: 454, command: "AUTH PLAIN", response: "454 try later" }).result).toBe("soft");
    expect(
      classifySmtpError(
        Object.assign(new Error("self-signed certificate"), { code: "ESOCKET", originalCode: "DEPTH_ZERO_SELF_SIGNED_CERT" }),
      ),
    ).toMatchObject({ result: "setting", problem: "tls-certificate", response: "self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)" });
    expect(
      classifySmtpError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET", originalCode: "ECONNREFUSED" })).result,
    ).toBe("error");
  });
});
