// POST /api/automations/{id}/blocks/{blockID}/test-email: the block's email to 1-5 addresses.
import { route } from "@/lib/api/route";
import { BlockParams, SendTestEmailRequest } from "@/lib/automations/schemas";
import { sendBlockTestEmail } from "@/lib/automations/test-email";
import { methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";
import { conflict, notFound, unprocessable } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "automations.write",
      params: BlockParams,
      body: SendTestEmailRequest,
      summary: "Send test email",
      description:
        "The block's saved email content, rendered with sample data, to 1-5 addresses (the built-in outbox when no SMTP server is configured), with the subject `[Test] <subject>`. " +
        "Test emails count against the brand's budget of TEST_SEND_PER_HOUR (default 20) emails per hour (addresses × emails, whichever key, app or user sends them; 429 beyond it).",
      tags: ["Automations"],
      responses: {
        "204": { description: "Sent" },
        ...notFound,
        ...conflict("A recipient is on the brand's suppression list, or the block's sender address is not verified"),
        ...unprocessable("The block sends no email, or its content was deleted (not-testable)"),
      },
    },
    async ({ auth, params, body }) => {
      await sendBlockTestEmail(auth, params.id, params.blockID, body.recipients);
      return noContent();
    },
  ),
});
