// `npm run admin -- receive-mail [--recipient addr]` and its light entry point (scripts/receive-mail.ts,
// built to build/receive-mail.mjs): one RFC 5322 message on stdin, as a Postfix pipe, procmail or a cron job
// hands it over. The recipient is the flag's, else the Delivered-To / X-Original-To header Postfix's pipe
// adds (flags=DO). The message is stored (accept.ts) and handled by the inbound job of the server (or of
// `npm run worker`). Exit codes are sysexits', which Postfix understands: 0 stored (or deliberately
// dropped), 67 EX_NOUSER (an address Inkwell does not take mail for, or a forged token: Postfix bounces
// it), 75 EX_TEMPFAIL (could not store it: Postfix keeps it and tries again).
import { acceptInboundMail, checkInboundRecipient } from "./accept";
import { headerFields } from "./report-parts";

export const EXIT = { ok: 0, noUser: 67, tempFail: 75 } as const;
export type ReceiveResult = { code: (typeof EXIT)[keyof typeof EXIT]; message: string };

/** The header section of a message (up to the first empty line). */
function headerSection(raw: Buffer): string {
  const text = raw.subarray(0, 256 * 1024).toString("utf8");
  const end = /\r?\n\r?\n/.exec(text);
  return end ? text.slice(0, end.index) : text;
}

export async function receiveMail(raw: Buffer, flags: { recipient?: string; sender?: string }): Promise<ReceiveResult> {
  const headers = headerFields(headerSection(raw));
  const recipient = (flags.recipient ?? headers.get("delivered-to") ?? headers.get("x-original-to") ?? "").trim();
  if (!recipient) return { code: EXIT.noUser, message: "no recipient: pass --recipient, or let the pipe add Delivered-To (flags=DO)" };
  if (raw.length === 0) return { code: EXIT.ok, message: "an empty message: nothing to store" };
  let check;
  try {
    check = await checkInboundRecipient(recipient);
  } catch (error) {
    return { code: EXIT.tempFail, message: `could not check the recipient: ${(error as Error).message}` };
  }
  if (!check.ok) return { code: EXIT.noUser, message: `${recipient}: ${check.reason}` };
  const sender = flags.sender ?? headers.get("return-path")?.replace(/^<|>$/g, "") ?? undefined;
  try {
    const { stored } = await acceptInboundMail(raw, { recipients: [check.address], from: sender, via: "pipe" }, { checked: true });
    return { code: EXIT.ok, message: `stored ${stored.join(", ")}` };
  } catch (error) {
    return { code: EXIT.tempFail, message: `could not store the message: ${(error as Error).message}` };
  }
}

/** stdin, whole. */
export async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
