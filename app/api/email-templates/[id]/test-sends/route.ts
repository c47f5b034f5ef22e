// POST /api/email-templates/{id}/test-sends: a test email to up to 5 addresses, rendered as a contact.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";
import { TestSendInput, SentTestEmail } from "@/lib/test-emails/schemas";
import { sendTestEmail } from "@/lib/test-emails/send-test-email";
import { badGateway, conflict, jsonContent, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "email-templates.write",
      params: IdParams,
      body: TestSendInput,
      summary: "Send a test email to up to 5 addresses",
      description:
        "Renders the template as the contact given by `contactID` or `email` (sample data without one) and sends it with the subject `[Test] <subject or template name>`: " +
        "through the SMTP server Inkwell is configured with (SMTP_HOST...), or, when none is, into the built-in outbox listed at GET /api/test-emails. " +
        "The email's unsubscribe and preferences links are test links: they open the pages but change nothing. " +
        "An address on the brand's suppression list is refused (409, naming it). " +
        "Test emails count against the brand's budget of TEST_SEND_PER_HOUR (default 20) emails per hour (addresses × emails, whichever key, app or user sends them; 429 beyond it).",
      tags: ["Email templates"],
      responses: {
        "201": jsonContent(SentTestEmail, "Sent (or kept in the outbox), with the render's warnings and pre-send checks"),
        ...notFound,
        ...conflict("A recipient is on the brand's suppression list"),
        ...unprocessable("Template syntax error: an unclosed personalization tag"),
        ...badGateway("The SMTP server refused the email or could not be reached (`testEmailID` names the failed attempt)"),
      },
    },
    async ({ auth, params, body }) => created(await sendTestEmail(auth, params.id, body)),
  ),
});
