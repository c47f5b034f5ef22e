// POST /api/automations/{id}/blocks/{blockID}/test-email: the block's email to 1-5 addresses.
import { route } from "@/lib/api/route";
import { BlockParams, SendTestEmailRequest } from "@/lib/automations/schemas";
import { sendBlockTestEmail } from "@/lib/automations/test-email";
import { methods } from "@/lib/http/route";
import { noContent } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    { scope: "automations.write", params: BlockParams, body: SendTestEmailRequest, rateLimit: "test-send" },
    async ({ auth, params, body }) => {
      await sendBlockTestEmail(auth, params.id, params.blockID, body.recipients);
      return noContent();
    },
  ),
});
