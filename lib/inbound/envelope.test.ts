// The envelope sender the SMTP transport gives a message: its VERP address when it has one
// (RETURN_PATH_DOMAIN), else the From address, as before (lib/delivery/transport/smtp.ts).
import { describe, expect, it } from "vitest";
import { nodemailerMessage, type OutgoingMail } from "@/lib/delivery/transport/smtp";

const mail: OutgoingMail = {
  from: { name: "Acme", address: "news@acme.test" },
  to: "ana@inbox.test",
  subject: "Hi",
  html: "<p>Hi</p>",
  text: "Hi",
  messageId: "<0192f3a4b5c6d7e8f9a0b1c2.a1b2c3d4e5f6@acme.test>",
  headers: {},
};

describe("the envelope sender", () => {
  it("is the message's return-path address when it has one, and the From address otherwise", () => {
    const verp = "bounce-0192f3a4b5c6d7e8f9a0b1c2aaaaaaaaaaaaaaaa@bounces.acme.test";
    expect(nodemailerMessage({ ...mail, envelopeFrom: verp }).envelope).toEqual({ from: verp, to: ["ana@inbox.test"] });
    expect(nodemailerMessage(mail).envelope.from).toBe("news@acme.test");
    expect(nodemailerMessage({ ...mail, envelopeFrom: null }).envelope.from).toBe("news@acme.test");
  });
});
