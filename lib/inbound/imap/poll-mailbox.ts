// One poll of the inbound mailbox (INBOUND_IMAP_URL) with imapflow: each message not yet handled is handed,
// raw, to the handler (the inbound core's acceptInboundMail at merge); what it stored durably is moved to
// "Inkwell/Handled" (created when missing), or, where the server will not move or create folders, marked
// with the $InkwellHandled keyword (\Deleted where the server takes no keywords), so each message is handled
// once. A message the handler could not store ("retry", or a throw) stays as it was and comes again at the
// next poll. Nothing is ever taken out of the mailbox before the handler said "stored".
import { ImapFlow } from "imapflow";
import type { MailboxSettings } from "./mailbox-url";
import { recipientsOf } from "./recipients";

/** Takes one raw message; "stored" once it is durably kept (then the mailbox may let go of it), else "retry". */
export type InboundHandler = (raw: Buffer, hint: { recipients: string[]; receivedAt?: Date }) => Promise<"stored" | "retry">;

export const HANDLED_FOLDER = ["Inkwell", "Handled"];
export const HANDLED_KEYWORD = "$InkwellHandled";

export type PollResult = {
  /** stored by the handler and moved to the handled folder */
  moved: number;
  /** stored by the handler and marked in place (the move failed) */
  flagged: number;
  /** left for the next poll */
  retried: number;
  /** more messages wait than this poll took */
  more: boolean;
};

const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 120_000 };

/** The handled folder's path on this server (its delimiter, its namespace), created when missing; null when it cannot be. */
async function handledFolder(client: ImapFlow): Promise<string | null> {
  try {
    return (await client.mailboxCreate(HANDLED_FOLDER)).path;
  } catch {
    // Already there (some servers answer NO instead of ALREADYEXISTS), or creating folders is not allowed.
    const list = await client.list().catch(() => []);
    const found = list.find((m) => m.path.split(m.delimiter).join("/").toLowerCase().endsWith(HANDLED_FOLDER.join("/").toLowerCase()));
    return found?.path ?? null;
  }
}

export async function pollMailbox(
  settings: MailboxSettings,
  handle: InboundHandler,
  options: { limit?: number } = {},
): Promise<PollResult> {
  const limit = options.limit ?? 100;
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.user, pass: settings.pass },
    logger: false,
    disableAutoIdle: true,
    ...TIMEOUTS,
  });
  client.on("error", () => {}); // a dropped connection fails the poll's pending command, which says why
  await client.connect();
  const result: PollResult = { moved: 0, flagged: 0, retried: 0, more: false };
  try {
    const folder = await handledFolder(client);
    const lock = await client.getMailboxLock(settings.mailbox);
    try {
      const keywords = [...(client.mailbox ? (client.mailbox.permanentFlags ?? []) : [])].includes("\\*");
      const uids = ((await client.search({ deleted: false, unKeyword: HANDLED_KEYWORD }, { uid: true })) || []).sort((a, b) => a - b);
      result.more = uids.length > limit;
      for (const uid of uids.slice(0, limit)) {
        const message = await client.fetchOne(String(uid), { source: true, internalDate: true }, { uid: true });
        if (!message || !message.source) continue; // expunged meanwhile (another reader)
        let outcome: "stored" | "retry";
        try {
          const internal = message.internalDate ? new Date(message.internalDate) : undefined;
          const receivedAt = internal && !Number.isNaN(internal.getTime()) ? internal : undefined;
          outcome = await handle(message.source, { recipients: recipientsOf(message.source), receivedAt });
        } catch (error) {
          console.error(`[inbound-imap] handling message ${uid} failed; it stays for the next poll`, error);
          outcome = "retry";
        }
        if (outcome !== "stored") {
          result.retried++;
          continue;
        }
        const moved = folder ? await client.messageMove(String(uid), folder, { uid: true }).catch(() => false) : false;
        if (moved) result.moved++;
        else {
          await client.messageFlagsAdd(String(uid), keywords ? [HANDLED_KEYWORD, "\\Seen"] : ["\\Deleted"], { uid: true });
          result.flagged++;
        }
      }
    } finally {
      lock.release();
    }
    await client.logout();
  } finally {
    client.close();
  }
  return result;
}
