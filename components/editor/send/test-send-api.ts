// The test-send calls of the editor's dialog, and a test email's stored record for the Outbox (same-origin,
// session cookie).
import { apiFetch } from "@/lib/client/api-fetch";
import type { RenderWarning } from "../checks/render-warnings";

export type TestEmailSummary = {
  id: string;
  templateId: string;
  templateName: string;
  subject: string;
  from: string;
  to: string[];
  contact: { id: string; email: string | null } | null;
  transport: "smtp" | "outbox";
  status: "sent" | "failed";
  error: string | null;
  sentBy: string | null;
  createdAt: string;
};
export type TestEmail = TestEmailSummary & { html: string; text: string };
export type TestSendInput = { to: string[]; email?: string; subject?: string };

export const sendTest = (templateId: string, input: TestSendInput) =>
  apiFetch<TestEmailSummary & { warnings: RenderWarning[] }>(`/api/email-templates/${templateId}/test-sends`, {
    method: "POST",
    body: input,
  });
export const getTestEmail = (id: string) => apiFetch<TestEmail>(`/api/test-emails/${id}`);
export const listContactEmails = () =>
  apiFetch<{ contacts: { id: string; email: string | null; firstName?: string | null; lastName?: string | null }[] }>(
    "/api/contacts?limit=50",
  );
