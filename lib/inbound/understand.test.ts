// The fixtures of tests/fixtures/inbound (Postfix's DSN and delay notice, an ARF report, an auto-reply, a
// mailto unsubscribe and a reply) as understand() reads them.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { understand } from "./understand";

const FILL: Record<string, string> = {
  RCPT: "bounce-0123456789abcdef01234567aaaaaaaaaaaaaaaa@bounces.inkwell.test",
  RETURN_PATH: "bounce-0123456789abcdef01234567aaaaaaaaaaaaaaaa@bounces.inkwell.test",
  ORIGINAL_RCPT: "gus@inbox.test",
  MESSAGE_ID_HEADER: "<0123456789abcdef01234567.a1b2c3d4e5f6@acme.test>",
  MESSAGE_REF: "0123456789abcdef01234567.a1b2c3d4e5f6",
  UNSUBSCRIBE: "unsubscribe-0123456789abcdef01234567bbbbbbbbbbbbbbbb@bounces.inkwell.test",
};

export function fixture(name: string, fill: Record<string, string> = FILL): Buffer {
  const text = fs.readFileSync(path.join(__dirname, "../../tests/fixtures/inbound", name), "utf8");
  return Buffer.from(text.replace(/\{\{([A-Z_]+)\}\}/g, (_, key: string) => fill[key] ?? ""));
}

describe("understand", () => {
  it("reads Postfix's bounce as a permanent failure with the remote server's words and the original's ids", async () => {
    const { understood, envelope } = await understand(fixture("postfix-bounce.eml"));
    expect(understood).toMatchObject({ kind: "bounce", action: "failed", permanent: true, status: "5.1.1", recipient: "gus@inbox.test" });
    if (understood.kind !== "bounce") throw new Error("not a bounce");
    expect(understood.diagnostic).toMatch(/^550 5\.1\.1 <gus@inbox\.test>: Recipient address rejected: User unknown/);
    expect(understood.original.refs).toEqual([FILL.MESSAGE_ID_HEADER, FILL.MESSAGE_REF]);
    expect(understood.original.returnPaths).toEqual([FILL.RETURN_PATH]);
    expect(envelope.from).toBe("mailer-daemon@mail.relay.test");
    // Read without mailparser, the report still gives its human-readable part as the text (the Replies view's).
    expect(envelope.text).toMatch(/^This is the mail system at host mail\.relay\.test\./);
  });

  it("reads Postfix's delay notice as delayed, not a failure (its Auto-Submitted does not make it an auto-reply)", async () => {
    const { understood } = await understand(fixture("postfix-delayed.eml"));
    expect(understood).toMatchObject({ kind: "bounce", action: "delayed", permanent: false, status: "4.7.1" });
    if (understood.kind === "bounce") expect(understood.diagnostic).toBe("451 4.7.1 Greylisted, please try again later");
  });

  it("reads an ARF report as a complaint naming the original by its headers and its envelope sender", async () => {
    const { understood } = await understand(fixture("arf-complaint.eml"));
    expect(understood).toMatchObject({ kind: "complaint", feedbackType: "abuse" });
    if (understood.kind !== "complaint") throw new Error("not a complaint");
    expect(understood.original.refs).toContain(FILL.MESSAGE_ID_HEADER);
    expect(understood.original.returnPaths[0]).toBe(FILL.RETURN_PATH);
  });

  it("tells an out-of-office answer from a person's reply", async () => {
    expect((await understand(fixture("auto-reply.eml"))).understood).toMatchObject({ kind: "auto-reply" });
    const reply = await understand(fixture("reply.eml"));
    expect(reply.understood).toMatchObject({ kind: "message", original: { refs: [FILL.MESSAGE_ID_HEADER] } });
    expect(reply.envelope.subject).toBe("Re: Spring sale, Ben");
    expect((await understand(fixture("mailto-unsubscribe.eml"))).understood.kind).toBe("message");
  });

  it("knows an auto-reply by its subject alone, and not a reply that merely mentions one", async () => {
    const mail = (subject: string) => Buffer.from(`From: a@b.test\r\nTo: c@d.test\r\nSubject: ${subject}\r\n\r\nHello\r\n`);
    expect((await understand(mail("Out of Office: Spring sale"))).understood.kind).toBe("auto-reply");
    expect((await understand(mail("Re: your out of office reply"))).understood.kind).toBe("message");
  });
});
