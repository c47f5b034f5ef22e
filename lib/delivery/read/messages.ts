// The brand's messages (GET /api/messages, GET /api/messages/{id}; the dashboard's Outbox): newest first,
// filtered by status, source, contact, transport and mode (live, test, system: the Outbox's "All / Campaigns
// & automations / Tests"), searched by recipient address or subject. A message the outbox still keeps comes
// with its body as sent.
import { db } from "@/lib/db";
import { keysetPage } from "@/lib/http/pagination";
import { ApiProblem } from "@/lib/http/problems";
import type { ListMessagesQuery, MessageMode, MessageStatus, MessageSummary } from "../schemas";

const select = {
  id: true,
  sourceKind: true,
  sourceId: true,
  part: true,
  contactId: true,
  email: true,
  mode: true,
  status: true,
  reason: true,
  detail: true,
  transport: true,
  attempts: true,
  createdAt: true,
  sentAt: true,
  openedAt: true,
  clickedAt: true,
  bouncedAt: true,
  complainedAt: true,
  unsubscribedAt: true,
  content: { select: { subject: true, senderName: true, senderEmail: true } },
} as const;

type Row = {
  id: string;
  sourceKind: string;
  sourceId: string;
  part: string;
  contactId: string | null;
  email: string | null;
  mode: string;
  status: string;
  reason: string | null;
  detail: string | null;
  transport: string | null;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  bouncedAt: Date | null;
  complainedAt: Date | null;
  unsubscribedAt: Date | null;
  content: { subject: string; senderName: string; senderEmail: string };
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toSummary(r: Row): MessageSummary {
  return {
    id: r.id,
    source: { kind: r.sourceKind, id: r.sourceId },
    part: r.part,
    contactID: r.contactId,
    email: r.email,
    subject: r.content.subject,
    mode: r.mode as MessageMode,
    status: r.status as MessageStatus,
    reason: r.reason,
    detail: r.detail,
    transport: r.transport === "smtp" || r.transport === "outbox" ? r.transport : null,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    openedAt: iso(r.openedAt),
    clickedAt: iso(r.clickedAt),
    bouncedAt: iso(r.bouncedAt),
    complainedAt: iso(r.complainedAt),
    unsubscribedAt: iso(r.unsubscribedAt),
  };
}

export async function listMessages(brandId: string, query: ListMessagesQuery) {
  const filter = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.sourceKind ? { sourceKind: query.sourceKind } : {}),
    ...(query.sourceID ? { sourceId: query.sourceID } : {}),
    ...(query.contactID ? { contactId: query.contactID } : {}),
    ...(query.transport ? { transport: query.transport } : {}),
    ...(query.mode ? { mode: query.mode } : {}),
    ...(query.search
      ? { OR: [{ email: { contains: query.search.toLowerCase() } }, { content: { subject: { contains: query.search } } }] }
      : {}),
  };
  const page = await keysetPage<Row>({
    sort: "id",
    column: "id",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => row.id,
    fetch: ({ where, orderBy, take }) => db.message.findMany({ where: { brandId, ...filter, ...where }, orderBy, take, select }),
  });
  return { messages: page.rows.map(toSummary), paging: page.paging };
}

export async function getMessage(brandId: string, id: string) {
  const row = await db.message.findFirst({ where: { id, brandId }, select });
  if (!row) throw new ApiProblem("not-found", "No message with this id in your brand");
  const body = await db.messageBody.findUnique({
    where: { messageId: id },
    select: { html: true, text: true, headers: true, subject: true },
  });
  return {
    ...toSummary(row),
    ...(body ? { subject: body.subject } : {}),
    from: `${row.content.senderName} <${row.content.senderEmail}>`,
    body: body ? { html: body.html, text: body.text, headers: JSON.parse(body.headers) as Record<string, string> } : null,
  };
}
