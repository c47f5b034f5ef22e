// GET /api/test-emails/{id}: one test email with its HTML and text parts as sent.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { getTestEmail } from "@/lib/test-emails/test-email-store";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "email-templates.read", params: IdParams }, async ({ brandId, params }) =>
    ok(await getTestEmail(brandId, params.id)),
  ),
});
