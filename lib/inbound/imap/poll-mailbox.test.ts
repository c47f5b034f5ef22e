// The IMAP poller against a real IMAP server (Debian's Dovecot, started privately by tests/support/dovecot.ts):
// each message appended is handed over once with its recipients, then moved to Inkwell/Handled (created when
// missing); a "retry" (or a throw) leaves it in place for the next poll; where the folder cannot be made the
// message is flagged instead, and still handled once; the job polls through lib/jobs' runner.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startJobs } from "@/lib/jobs/runner";
import { startDovecot, type Dovecot } from "../../../tests/support/dovecot";
import { imapPollJob } from "./imap-job";
import { parseMailboxUrl, type MailboxSettings } from "./mailbox-url";
import { HANDLED_KEYWORD, pollMailbox, type InboundHandler } from "./poll-mailbox";

let dovecot: Dovecot;
let users = 0;

beforeAll(async () => {
  dovecot = await startDovecot(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`box${i}`, `password-${i}`])));
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

/** A mailbox of its own for each test. */
let user = "";
let settings: MailboxSettings;
beforeEach(() => {
  user = `box${users++}`;
  settings = parseMailboxUrl(dovecot.url(user)) as MailboxSettings;
});

const notice = (n: number, to = `b+${n}@bounces.acme.test`) =>
  [
    `Delivered-To: ${to}`,
    `X-Original-To: ${to}`,
    "From: MAILER-DAEMON@mx.remote.test (Mail Delivery System)",
    "To: news@acme.test",
    `Subject: Undelivered Mail Returned to Sender ${n}`,
    `Message-ID: <notice-${n}@mx.remote.test>`,
    "",
    `notice ${n}`,
    "",
  ].join("\r\n");

function recorder(answer: (raw: string) => "stored" | "retry" = () => "stored") {
  const seen: { subject: string; recipients: string[] }[] = [];
  const handler: InboundHandler = async (raw, hint) => {
    const text = raw.toString("utf8");
    seen.push({ subject: /^Subject: (.*)\r$/m.exec(text)![1], recipients: hint.recipients });
    return answer(text);
  };
  return { seen, handler };
}

describe("pollMailbox", { timeout: 60_000 }, () => {
  it("hands each message over once with its recipients, and moves it to Inkwell/Handled", async () => {
    await dovecot.append(notice(1), { user });
    await dovecot.append(notice(2), { user });
    const { seen, handler } = recorder();
    expect(await pollMailbox(settings, handler)).toEqual({ moved: 2, flagged: 0, retried: 0, more: false });
    expect(seen).toEqual([
      { subject: "Undelivered Mail Returned to Sender 1", recipients: ["b+1@bounces.acme.test"] },
      { subject: "Undelivered Mail Returned to Sender 2", recipients: ["b+2@bounces.acme.test"] },
    ]);
    expect(await dovecot.messages({ user })).toEqual([]);
    const handled = await dovecot.messages({ user, mailbox: "Inkwell/Handled" });
    expect(handled?.map((m) => /^Subject: (.*)\r$/m.exec(m.raw)![1])).toEqual([
      "Undelivered Mail Returned to Sender 1",
      "Undelivered Mail Returned to Sender 2",
    ]);
    // A second poll finds nothing to hand over.
    expect(await pollMailbox(settings, handler)).toEqual({ moved: 0, flagged: 0, retried: 0, more: false });
    expect(seen).toHaveLength(2);
  });

  it("leaves a message the handler could not store (retry, or a throw) in place for the next poll", async () => {
    await dovecot.append(notice(3), { user });
    await dovecot.append(notice(4), { user });
    let broken = true;
    const { seen, handler } = recorder(() => (broken ? "retry" : "stored"));
    const throwing: InboundHandler = async (raw, hint) => {
      if (raw.toString().includes("notice 4") && broken) throw new Error("the store is down");
      return handler(raw, hint);
    };
    expect(await pollMailbox(settings, throwing)).toEqual({ moved: 0, flagged: 0, retried: 2, more: false });
    const left = await dovecot.messages({ user });
    expect(left).toHaveLength(2);
    for (const m of left!) expect(m.flags).not.toContain(HANDLED_KEYWORD);
    broken = false;
    expect(await pollMailbox(settings, throwing)).toEqual({ moved: 2, flagged: 0, retried: 0, more: false });
    expect(seen.map((s) => s.subject)).toEqual([
      "Undelivered Mail Returned to Sender 3",
      "Undelivered Mail Returned to Sender 3",
      "Undelivered Mail Returned to Sender 4",
    ]);
    expect(await dovecot.messages({ user })).toEqual([]);
  });

  it("flags what it handled when it cannot move it, and hands it over once still", async () => {
    // A file where the folder's directory would be: Dovecot can neither create nor open Inkwell/Handled.
    await dovecot.append(notice(5), { user });
    fs.writeFileSync(path.join(dovecot.maildir(user), ".Inkwell.Handled"), "not a folder");
    const { seen, handler } = recorder();
    expect(await pollMailbox(settings, handler)).toEqual({ moved: 0, flagged: 1, retried: 0, more: false });
    expect(await pollMailbox(settings, handler)).toEqual({ moved: 0, flagged: 0, retried: 0, more: false });
    expect(seen).toHaveLength(1);
    const [kept] = (await dovecot.messages({ user }))!;
    expect(kept.flags).toEqual(expect.arrayContaining([HANDLED_KEYWORD, "\\Seen"]));
  });

  it("takes a poll's limit at a time and says more wait", async () => {
    for (const n of [6, 7, 8]) await dovecot.append(notice(n), { user });
    const { seen, handler } = recorder();
    expect(await pollMailbox(settings, handler, { limit: 2 })).toEqual({ moved: 2, flagged: 0, retried: 0, more: true });
    expect(await pollMailbox(settings, handler, { limit: 2 })).toEqual({ moved: 1, flagged: 0, retried: 0, more: false });
    expect(seen.map((s) => s.subject.slice(-1))).toEqual(["6", "7", "8"]);
  });
});

describe("imapPollJob", { timeout: 60_000 }, () => {
  it("polls the mailbox through the job runner, resting between polls", async () => {
    const { seen, handler } = recorder();
    const runner = startJobs("imap-test", [imapPollJob({ handler, url: dovecot.url(user), idleMs: 100 })]);
    try {
      await dovecot.append(notice(9), { user });
      const deadline = Date.now() + 20_000;
      while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(seen.map((s) => s.recipients)).toEqual([["b+9@bounces.acme.test"]]);
      await new Promise((r) => setTimeout(r, 500)); // more polls: nothing handed over twice
      expect(seen).toHaveLength(1);
      expect(runner.metrics()[0]).toMatchObject({ name: "inbound-imap", failures: 0 });
    } finally {
      await runner.stop();
    }
  });

  it("refuses a URL that is not an IMAP mailbox with its credentials", () => {
    const handler: InboundHandler = async () => "stored";
    expect(() => imapPollJob({ handler, url: "http://imap.acme.test/INBOX" })).toThrow(
      'INBOUND_IMAP_URL must start with "imap://" or "imaps://"',
    );
    expect(() => imapPollJob({ handler, url: "imaps://imap.acme.test/INBOX" })).toThrow(/must carry the mailbox's user and password/);
  });
});
