// Test emails as stored (Prisma): kept per brand, newest 200, read newest first.
import { db } from "@/lib/db";
import { keysetPage } from "@/lib/http/pagination";
import { ApiProblem } from "@/lib/http/problems";
import { newId } from "@/lib/ids";
export type Mail = { from: string; to: string[]; subject: string; html: string; text: string };
export type Delivery = { transport: "smtp" | "outbox"; status: "sent" | "failed"; error: string | null };
import type { ListTestEmailsQuery, TestEmailSummary } from "./schemas";

export const KEEP_PER_BRAND = 200;

const summary = {
  id: true,
  templateId: true,
  templateName: true,
  subject: true,
  from: true,
  to: true,
  contactId: true,
  contactEmail: true,
  transport: true,
  status: true,
  error: true,
  userId: true,
  createdAt: true,
} as const;

type SummaryRow = {
  id: string;
  templateId: string;
  templateName: string;
  subject: string;
  from: string;
  to: unknown;
  contactId: string | null;
  contactEmail: string | null;
  transport: string;
  status: string;
  error: string | null;
  userId: string | null;
  createdAt: Date;
};

async function senders(rows: SummaryRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  return new Map(users.map((u) => [u.id, u.email]));
}

function toSummary(row: SummaryRow, by: Map<string, string>): TestEmailSummary {
  return {
    id: row.id,
    templateId: row.templateId,
    templateName: row.templateName,
    subject: row.subject,
    from: row.from,
    to: Array.isArray(row.to) ? row.to.map(String) : [],
    contact: row.contactId ? { id: row.contactId, email: row.contactEmail } : null,
    transport: row.transport === "smtp" ? "smtp" : "outbox",
    status: row.status === "failed" ? "failed" : "sent",
    error: row.error,
    sentBy: row.userId ? (by.get(row.userId) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type NewTestEmail = Mail &
  Delivery & {
    /** the test send's id (its messages' source id) */
    id?: string;
    brandId: string;
    userId: string | null;
    templateId: string;
    templateName: string;
    contact: { id: string; email: string | null } | null;
  };

/** Stores a test email, then drops the brand's oldest beyond the newest KEEP_PER_BRAND. */
export async function storeTestEmail(t: NewTestEmail): Promise<TestEmailSummary> {
  const row = await db.testEmail.create({
    data: {
      id: t.id ?? newId(),
      brandId: t.brandId,
      userId: t.userId,
      templateId: t.templateId,
      templateName: t.templateName,
      contactId: t.contact?.id ?? null,
      contactEmail: t.contact?.email ?? null,
      to: t.to,
      from: t.from,
      subject: t.subject,
      html: t.html,
      text: t.text,
      transport: t.transport,
      status: t.status,
      error: t.error,
    },
    select: summary,
  });
  const [oldest] = await db.testEmail.findMany({
    where: { brandId: t.brandId },
    orderBy: { id: "desc" },
    skip: KEEP_PER_BRAND,
    take: 1,
    select: { id: true },
  });
  if (oldest) await db.testEmail.deleteMany({ where: { brandId: t.brandId, id: { lte: oldest.id } } });
  return toSummary(row, await senders([row]));
}

export async function listTestEmails(brandId: string, query: ListTestEmailsQuery) {
  const page = await keysetPage<SummaryRow>({
    sort: "id",
    column: "id",
    direction: "desc",
    limit: query.limit,
    after: query.after,
    before: query.before,
    valueOf: (row) => row.id,
    fetch: ({ where, orderBy, take }) => db.testEmail.findMany({ where: { brandId, ...where }, orderBy, take, select: summary }),
  });
  const by = await senders(page.rows);
  return { testEmails: page.rows.map((r) => toSummary(r, by)), paging: page.paging };
}

export async function getTestEmail(brandId: string, id: string) {
  const row = await db.testEmail.findFirst({ where: { id, brandId }, select: { ...summary, html: true, text: true } });
  if (!row) throw new ApiProblem("not-found", "No test email with this id in your brand");
  return { ...toSummary(row, await senders([row])), html: row.html, text: row.text };
}
