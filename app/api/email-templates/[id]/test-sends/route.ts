// POST /api/email-templates/{id}/test-sends: a test email to up to 5 addresses, rendered as a contact.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";
import { TestSendInput } from "@/lib/test-emails/schemas";
import { sendTestEmail } from "@/lib/test-emails/send-test-email";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "email-templates.write", params: IdParams, body: TestSendInput, rateLimit: "test-send" },
    async ({ auth, params, body }) => created(await sendTestEmail(auth, params.id, body)),
  ),
});
