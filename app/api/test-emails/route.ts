// GET /api/test-emails: the brand's test emails, newest first (the outbox when no SMTP server is configured).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { ListTestEmailsQuery } from "@/lib/test-emails/schemas";
import { listTestEmails } from "@/lib/test-emails/test-email-store";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "email-templates.read", query: ListTestEmailsQuery }, async ({ brandId, query }) =>
    ok(await listTestEmails(brandId, query)),
  ),
});
