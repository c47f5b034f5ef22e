// The brand's mail that came back (GET /api/inbound-mail; the dashboard's Replies under the Outbox): newest
// first, filtered by outcome (reply: what a person should read). A message counts as the brand's once it
// was matched to one of its messages. The text is the plain text kept when the message was handled (handle.ts),
// so a page is one query and no parse; only a row handled before that column existed is parsed from its raw
// message. HTML is never returned, so nothing a sender wrote is ever run or rendered as markup by the dashboard.
import { z } from "zod";
import { db } from "@/lib/db";
import { keysetPage, noAfterAndBefore, PagingSchema, pagingQuery } from "@/lib/http/pagination";
import { simpleParser } from "mailparser";

export const INBOUND_OUTCOMES = [
  "bounce",
  "soft-bounce",
  "delayed",
  "complaint",
  "unsubscribe",
  "auto-reply",
  "reply",
  "ignored",
  "unmatched",
  "forged",
] as const;

export const ListInboundQuery = pagingQuery({ max: 100, default: 25 })
  .extend({
    outcome: z
      .enum(INBOUND_OUTCOMES)
      .optional()
      .meta({ description: "reply: mail a person wrote (the Replies view); auto-reply: out-of-office answers (ignored, counted)" }),
  })
  .superRefine(noAfterAndBefore);
export type ListInboundQuery = z.infer<typeof ListInboundQuery>;

export const InboundMailSchema = z
  .object({
    id: z.string(),
    outcome: z.enum(INBOUND_OUTCOMES).nullable(),
    via: z.enum(["smtp", "pipe", "imap"]),
    from: z.string().nullable().meta({ description: "The From address, as received" }),
    subject: z.string().nullable(),
    text: z.string().meta({ description: "The plain text (at most 20,000 characters); HTML is not returned" }),
    detail: z.string().nullable().meta({ description: "The remote server's words, the feedback type, or why it was ignored" }),
    messageID: z.string().nullable().meta({ description: "The message it answered" }),
    receivedAt: z.iso.datetime(),
  })
  .meta({ id: "InboundMail" });
export const InboundMailList = z.object({ inboundMail: z.array(InboundMailSchema), paging: PagingSchema }).meta({ id: "InboundMailList" });

const select = {
  id: true,
  outcome: true,
  via: true,
  fromAddress: true,
  subject: true,
  detail: true,
  messageId: true,
  receivedAt: true,
  text: true,
} as const;

/** The text of a row handled before the text was kept: read from its raw message, as the list once did. */
async function textsFromRaw(brandId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.inboundMail.findMany({
    where: { brandId, id: { in: ids } },
    select: { id: true, rawMessage: { select: { raw: true } } },
  });
  const texts = await Promise.all(
    rows.map(async (r) => {
      const parsed = await simpleParser(Buffer.from(r.rawMessage?.raw ?? new Uint8Array()), {
        skipHtmlToText: false,
        skipImageLinks: true,
        skipTextLinks: true,
      });
      return [r.id, parsed.text ?? ""] as const;
    }),
  );
  return new Map(texts);
}

export async function listInboundMail(brandId: string, query: ListInboundQuery): Promise<z.infer<typeof InboundMailList>> {
  const page = await keysetPage({
    sort: "id",
    column: "id",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row: { id: string }) => row.id,
    fetch: ({ where, orderBy, take }) =>
      db.inboundMail.findMany({
        where: { brandId, status: "done", ...(query.outcome ? { outcome: query.outcome } : {}), ...where },
        orderBy,
        take,
        select,
      }),
  });
  const older = await textsFromRaw(
    brandId,
    page.rows.filter((r) => r.text === null).map((r) => r.id),
  );
  const inboundMail = page.rows.map((r) => ({
    id: r.id,
    outcome: (r.outcome as (typeof INBOUND_OUTCOMES)[number] | null) ?? null,
    via: r.via as "smtp" | "pipe" | "imap",
    from: r.fromAddress,
    subject: r.subject,
    text: (r.text ?? older.get(r.id) ?? "").slice(0, 20_000),
    detail: r.detail,
    messageID: r.messageId,
    receivedAt: r.receivedAt.toISOString(),
  }));
  return { inboundMail, paging: page.paging };
}
