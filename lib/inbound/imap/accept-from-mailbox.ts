// The IMAP poller's handler (registered in lib/process/workers.ts when INBOUND_IMAP_URL is set): a message
// from the mailbox is stored like one the listener takes (accept.ts, via "imap"), its recipients read from
// the headers the delivering server wrote (recipients.ts). The row ids come from the message itself
// (onceId), so a message handed over twice (a poller that died between the store and the move, two
// processes polling one mailbox) is stored once. A message none of whose recipients Inkwell takes mail for
// is let go as handled too (moved out of the way, one log line): a mailbox cannot refuse it, and leaving it
// would bring it back at every poll.
import { acceptInboundMail } from "../accept";
import { headerFields } from "../report-parts";
import type { InboundHandler } from "./poll-mailbox";

function returnPath(raw: Buffer): string | undefined {
  const text = raw.subarray(0, 65_536).toString("latin1");
  const end = /\r?\n\r?\n/.exec(text);
  const value = headerFields(end ? text.slice(0, end.index) : text).get("return-path");
  return value === undefined ? undefined : value.replace(/^<|>$/g, "").trim();
}

export const acceptFromMailbox: InboundHandler = async (raw, hint) => {
  const { stored, refused } = await acceptInboundMail(
    raw,
    { recipients: hint.recipients, from: returnPath(raw), via: "imap" },
    { once: { at: hint.receivedAt ?? new Date() } },
  );
  if (stored.length === 0) {
    const why = refused.map((r) => `${r.address} (${r.reason})`).join(", ") || "no recipient in its headers";
    console.warn(`[inbound-imap] a message for none of Inkwell's addresses was set aside as handled: ${why}`);
  }
  return "stored";
};
