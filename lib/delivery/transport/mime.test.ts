import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { buildMime, encodeWords, mailbox, quotedPrintable } from "./mime";

describe("quotedPrintable", () => {
  it("keeps printable ASCII, encodes =, non-ASCII bytes and trailing blanks, and breaks lines at 76", () => {
    expect(quotedPrintable("a=b é\nend \nx\t")).toBe("a=3Db =C3=A9\r\nend=20\r\nx=09");
    const long = quotedPrintable(`${"x".repeat(74)}=${"y".repeat(100)}`);
    const lines = long.split("\r\n");
    expect(lines.every((l) => l.length <= 76)).toBe(true);
    expect(lines[0]).toBe(`${"x".repeat(74)}=`); // the =3D is not cut in two
    expect(lines.slice(0, -1).every((l) => l.endsWith("="))).toBe(true);
  });
});

describe("headers", () => {
  it("encode non-ASCII words and quote names with specials", () => {
    expect(encodeWords("Hello")).toBe("Hello");
    expect(encodeWords("Grüße")).toBe(`=?UTF-8?B?${Buffer.from("Grüße").toString("base64")}?=`);
    expect(mailbox("a@b.test", "Acme, Inc.")).toBe('"Acme, Inc." <a@b.test>');
    expect(mailbox("a@b.test", "Acme")).toBe("Acme <a@b.test>");
    expect(mailbox("a@b.test")).toBe("a@b.test");
  });
});

describe("buildMime", () => {
  it("reads back exactly as written (mailparser), every line within SMTP's limit", async () => {
    const html = `<p style="color:red">Grüße, Ana 😀</p>\n${"<td>".repeat(300)}\n. a dot line`;
    const text = "Grüße, Ana\n\n. a dot line \n";
    const raw = buildMime({
      from: { name: "Café Ünïcode", address: "news@acme.test" },
      to: "ana@inbox.test",
      replyTo: "help@acme.test",
      subject: `Ünïcode subject ${"long ".repeat(20)}`,
      messageId: "<abc.def@acme.test>",
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      html,
      text,
    });
    expect(
      raw
        .toString("utf8")
        .split("\r\n")
        .every((l) => l.length <= 998),
    ).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.html).toBe(html);
    expect(parsed.text).toBe(text);
    expect(parsed.subject).toBe(`Ünïcode subject ${"long ".repeat(20)}`);
    expect(parsed.from?.value[0]).toEqual({ name: "Café Ünïcode", address: "news@acme.test" });
    expect(parsed.replyTo?.value[0].address).toBe("help@acme.test");
    expect(parsed.messageId).toBe("<abc.def@acme.test>");
  });
});
