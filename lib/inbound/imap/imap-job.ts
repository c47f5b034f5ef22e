// The IMAP poller as a job of lib/jobs/runner.ts: each turn polls the mailbox of INBOUND_IMAP_URL once
// (poll-mailbox.ts) and rests INBOUND_IMAP_POLL_SECONDS, or polls again at once when more messages wait than
// one poll takes. A poll that fails (the server unreachable, the login refused) is a failed turn: logged,
// then the runner backs off (5 s, doubling, at most 5 minutes). Not registered by itself: the process wires
// it to the inbound core's handler (lib/process/workers.ts).
import { config } from "@/lib/config";
import type { JobDefinition } from "@/lib/jobs/definition";
import { parseMailboxUrl, type MailboxSettings } from "./mailbox-url";
import { pollMailbox, type InboundHandler } from "./poll-mailbox";

export function imapPollJob(options: {
  handler: InboundHandler;
  /** default INBOUND_IMAP_URL */
  url?: string;
  /** default INBOUND_IMAP_POLL_SECONDS */
  idleMs?: number;
  /** messages per poll (default 100) */
  batch?: number;
}): JobDefinition<MailboxSettings> {
  const url = options.url ?? config().INBOUND_IMAP_URL;
  if (!url) throw new Error("imapPollJob needs INBOUND_IMAP_URL");
  const settings = parseMailboxUrl(url);
  if (typeof settings === "string") throw new Error(`INBOUND_IMAP_URL ${settings}`);
  return {
    name: "inbound-imap",
    // The mailbox is the one item: claimed every turn (a poll is its own lease, the messages' flags).
    batchSize: 1,
    leaseMs: 120_000,
    idleMs: options.idleMs ?? config().INBOUND_IMAP_POLL_SECONDS * 1000,
    backoff: { baseMs: 5_000, maxMs: 300_000 },
    claim: async () => [settings],
    async run([mailbox]) {
      const result = await pollMailbox(mailbox, options.handler, { limit: options.batch });
      return { idle: !result.more };
    },
  };
}
