// OpenAPI paths of test sends and the test-email outbox.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/route";
import { jsonContent, notFound, ProblemSchema, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { ListTestEmailsQuery, SentTestEmail, TestEmailList, TestEmailSchema, TestSendInput } from "./schemas";

export const testEmailPaths: ZodOpenApiPathsObject = {
  "/api/email-templates/{id}/test-sends": {
    post: {
      summary: "Send a test email to up to 5 addresses",
      description:
        "Renders the template as the contact given by `contactID` or `email` (sample data without one) and sends it with the subject `[Test] <subject or template name>`: " +
        "through the SMTP server Inkwell is configured with (SMTP_HOST...), or, when none is, into the built-in outbox listed at GET /api/test-emails. " +
        "The email's unsubscribe and preferences links are test links: they open the pages but change nothing. " +
        "Rate limit: TEST_SEND_PER_HOUR (default 20) test sends per hour per credential (a dashboard user's own budget).",
      tags: ["Email templates"],
      security: security("email-templates.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      requestBody: { content: { "application/json": { schema: TestSendInput } } },
      responses: {
        "201": jsonContent(SentTestEmail, "Sent (or kept in the outbox), with the render's warnings and pre-send checks"),
        ...notFound,
        "422": {
          description: "Template syntax error: an unclosed personalization tag",
          content: { "application/problem+json": { schema: ProblemSchema } },
        },
        "502": {
          description: "The SMTP server refused the email or could not be reached (`testEmailID` names the failed attempt)",
          content: { "application/problem+json": { schema: ProblemSchema } },
        },
        ...standardErrors,
      },
    },
  },
  "/api/test-emails": {
    get: {
      summary: "List test emails, newest first (the newest 200 per brand are kept)",
      tags: ["Email templates"],
      security: security("email-templates.read"),
      requestParams: { header: VersionHeader, query: ListTestEmailsQuery },
      responses: { "200": jsonContent(TestEmailList, "A page of test emails"), ...standardErrors },
    },
  },
  "/api/test-emails/{id}": {
    get: {
      summary: "One test email, with its HTML and plain-text parts as sent",
      tags: ["Email templates"],
      security: security("email-templates.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(TestEmailSchema, "The test email"), ...notFound, ...standardErrors },
    },
  },
};
