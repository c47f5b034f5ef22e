import { describe, expect, it } from "vitest";
import { parseMailboxUrl } from "./mailbox-url";
import { recipientsOf } from "./recipients";

describe("parseMailboxUrl", () => {
  it("reads host, port, TLS, the percent-encoded login and the mailbox", () => {
    expect(parseMailboxUrl("imaps://bounces%40acme.com:p%40ss%3Aword@imap.acme.com/Bounces%2FInkwell")).toEqual({
      host: "imap.acme.com",
      port: 993,
      secure: true,
      user: "bounces@acme.com",
      pass: "p@ss:word",
      mailbox: "Bounces/Inkwell",
    });
    expect(parseMailboxUrl("imap://u:p@127.0.0.1:1143")).toMatchObject({ port: 1143, secure: false, mailbox: "INBOX" });
  });

  it("says what is wrong with a URL it cannot use", () => {
    expect(parseMailboxUrl("pop3://u:p@mail.acme.com")).toBe('must start with "imap://" or "imaps://"');
    expect(parseMailboxUrl("imap://mail.acme.com/INBOX")).toMatch(/must carry the mailbox's user and password/);
    expect(parseMailboxUrl("not a url")).toMatch(/^must be a URL/);
  });
});

describe("recipientsOf", () => {
  it("prefers the envelope headers a mail server adds, unfolded and lower-cased, once each", () => {
    const raw = Buffer.from(
      "Return-Path: <>\r\nDelivered-To: B+Tok@Bounces.Acme.test\r\nX-Original-To:\r\n b+tok@bounces.acme.test\r\nTo: news@acme.test\r\n\r\nTo: body@x.test\r\n",
    );
    expect(recipientsOf(raw)).toEqual(["b+tok@bounces.acme.test"]);
  });

  it("falls back to To and Cc when no envelope header was kept", () => {
    expect(recipientsOf(Buffer.from('To: "News" <news@acme.test>, other@acme.test\r\nCc: <cc@acme.test>\r\n\r\nbody'))).toEqual([
      "news@acme.test",
      "other@acme.test",
      "cc@acme.test",
    ]);
    expect(recipientsOf(Buffer.from("Subject: none\r\n\r\nbody"))).toEqual([]);
  });
});
