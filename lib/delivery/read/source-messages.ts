// One source's messages, a page at a time, filtered by outcome: a campaign report's recipients table and
// its CSV. Ordered by the pipeline's idempotency key (brand, source, recipient key), so a page reads its
// rows in index order and stops at the page's end whatever the source's size (ordered by message id, the
// database sorted every matching message of the source first: 0.6 s a page at 20,000 messages).
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Source } from "../schemas";
import type { RecipientOutcome } from "./outcomes";

export type SourceMessageRow = {
  messageID: string;
  contactID: string | null;
  email: string | null;
  part: string;
  status: string;
  reason: string | null;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
};

// "skipped" is everyone who got nothing (skipped and suppressed), as the report's skipped figure counts them.
const OUTCOME_FILTERS: Record<RecipientOutcome, Prisma.MessageWhereInput> = {
  sent: { status: "sent" },
  opened: { status: "sent", openedAt: { not: null } },
  clicked: { status: "sent", clickedAt: { not: null } },
  notOpened: { status: "sent", openedAt: null },
  bounced: { status: "bounced" },
  unsubscribed: { unsubscribedAt: { not: null } },
  complained: { status: "complained" },
  skipped: { status: { in: ["skipped", "suppressed"] } },
  failed: { status: "failed" },
  pending: { status: { in: ["queued", "sending", "paused"] } },
};

/** A page of the source's messages (newest recipient key first), with the cursor of the next page or null. */
export async function sourceMessages(
  brandId: string,
  source: Source,
  filter: { outcome?: RecipientOutcome; limit: number; after?: string },
): Promise<{ messages: SourceMessageRow[]; next: string | null }> {
  const rows = await db.message.findMany({
    where: {
      brandId,
      sourceKind: source.kind,
      sourceId: source.id,
      ...(filter.outcome ? OUTCOME_FILTERS[filter.outcome] : {}),
      ...(filter.after ? { recipientKey: { lt: filter.after } } : {}),
    },
    orderBy: { recipientKey: "desc" },
    take: filter.limit + 1,
    select: {
      id: true,
      recipientKey: true,
      contactId: true,
      email: true,
      part: true,
      status: true,
      reason: true,
      sentAt: true,
      openedAt: true,
      clickedAt: true,
    },
  });
  const page = rows.slice(0, filter.limit);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    messages: page.map((r) => ({
      messageID: r.id,
      contactID: r.contactId,
      email: r.email,
      part: r.part,
      status: r.status,
      reason: r.reason,
      sentAt: iso(r.sentAt),
      openedAt: iso(r.openedAt),
      clickedAt: iso(r.clickedAt),
    })),
    next: rows.length > filter.limit ? page[page.length - 1].recipientKey : null,
  };
}

/**
 * Who a message's links speak for (the unsubscribe and preferences pages, and each notice the inbound job
 * handles): its brand, contact, mode and template. One raw read (Prisma's per-query cost was a large part
 * of handling a bounce notice).
 */
export async function messageOwner(
  messageId: string,
): Promise<{ brandId: string; contactId: string | null; mode: string; templateId: string; topicId: string | null } | null> {
  const [row] = await sqlReader().all<{
    brandId: string;
    contactId: string | null;
    mode: string;
    templateId: string;
    topicId: string | null;
  }>(
    `SELECT m."brandId", m."contactId", m."mode", c."templateId", c."topicId"
     FROM "Message" m JOIN "MessageContent" c ON c."id" = m."contentId" WHERE m."id" = ?`,
    [messageId],
  );
  return row ?? null;
}
