// GET /api/test-emails/{id}: one test email with its HTML and text parts as sent.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { getTestEmail } from "@/lib/test-emails/test-email-store";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { TestEmailSchema } from "@/lib/test-emails/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "email-templates.read",
      params: IdParams,
      summary: "One test email, with its HTML and plain-text parts as sent",
      tags: ["Email templates"],
      responses: { "200": jsonContent(TestEmailSchema, "The test email"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getTestEmail(brandId, params.id)),
  ),
});
