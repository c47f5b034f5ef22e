// Test sends: the request, the stored test email, and the outbox list.
import { z } from "zod";
import { pagingQuery, PagingSchema, noAfterAndBefore } from "@/lib/http/pagination";
import { ResourceId } from "@/lib/http/route";
import { RenderWarning } from "@/lib/templates/render/schemas";

export const MAX_TEST_RECIPIENTS = 5;

export const TestSendInput = z
  .strictObject({
    to: z
      .array(z.email("must be an email address").max(254))
      .min(1, "name at least one address")
      .max(MAX_TEST_RECIPIENTS, `at most ${MAX_TEST_RECIPIENTS} addresses`)
      .meta({ description: `Where the test goes: 1-${MAX_TEST_RECIPIENTS} email addresses` }),
    contactID: ResourceId.optional().meta({ description: "Render as this contact of the brand" }),
    email: z.string().trim().min(3).max(254).optional().meta({ description: "Render as the brand's contact with this email address" }),
    subject: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "Subject line (prefixed with [Test]); default: the template's name" }),
  })
  .refine((v) => !(v.contactID && v.email), {
    message: "give contactID or email, not both",
    path: ["email"],
    params: { code: "not_allowed" },
  })
  .meta({ id: "TestSendInput", description: "A test email; without contactID or email it is rendered with sample data" });
export type TestSendInput = z.infer<typeof TestSendInput>;

export const TestEmailSummary = z
  .object({
    id: z.string(),
    templateId: z.string(),
    templateName: z.string(),
    subject: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    contact: z
      .object({ id: z.string(), email: z.string().nullable() })
      .nullable()
      .meta({ description: "The contact it was rendered as; null: sample data" }),
    transport: z.enum(["smtp", "outbox"]).meta({
      description: "smtp: handed to the configured mail server; outbox: kept in Inkwell's built-in outbox (no mail server configured)",
    }),
    status: z.enum(["sent", "failed"]),
    error: z.string().nullable().meta({ description: "Why the mail server refused it (failed only)" }),
    sentBy: z.string().nullable().meta({ description: "The dashboard user who sent it; null for API keys" }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "TestEmailSummary" });
export type TestEmailSummary = z.infer<typeof TestEmailSummary>;

export const TestEmailSchema = TestEmailSummary.extend({
  html: z.string().meta({ description: "The HTML part as sent" }),
  text: z.string().meta({ description: "The plain-text part as sent" }),
}).meta({ id: "TestEmail" });

export const SentTestEmail = TestEmailSummary.extend({
  warnings: z.array(RenderWarning).meta({ description: "The render's warnings and pre-send checks, as the render endpoint reports them" }),
}).meta({ id: "SentTestEmail" });

export const ListTestEmailsQuery = pagingQuery({ max: 100, default: 50 }).superRefine(noAfterAndBefore);
export type ListTestEmailsQuery = z.infer<typeof ListTestEmailsQuery>;

export const TestEmailList = z.object({ testEmails: z.array(TestEmailSummary), paging: PagingSchema }).meta({ id: "TestEmailList" });
