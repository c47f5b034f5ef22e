// GET /api/test-emails: the brand's test emails, newest first (the outbox when no SMTP server is configured).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { ListTestEmailsQuery, TestEmailList } from "@/lib/test-emails/schemas";
import { listTestEmails } from "@/lib/test-emails/test-email-store";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "email-templates.read",
      query: ListTestEmailsQuery,
      summary: "List test emails, newest first (the newest 200 per brand are kept)",
      tags: ["Email templates"],
      responses: { "200": jsonContent(TestEmailList, "A page of test emails") },
    },
    async ({ brandId, query }) => ok(await listTestEmails(brandId, query)),
  ),
});
