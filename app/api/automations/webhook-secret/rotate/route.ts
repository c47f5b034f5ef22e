// POST /api/automations/webhook-secret/rotate: a new signing secret of the brand's webhook blocks.
import { route } from "@/lib/api/route";
import { rotateWebhookSecret } from "@/lib/automations/engine/webhook-secret";
import { RotatedWebhookSecret } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "automations.write",
      principals: ["api-key", "session"],
      summary: "Replace the signing secret of webhook blocks",
      description:
        "Makes a new random secret for this brand only (for a leaked one): every webhook request from now on, retries of earlier runs included, is signed with it; the old secret stops at once. Update your receivers with the secret answered. API keys and the dashboard only.",
      tags: ["Automations"],
      responses: { "200": jsonContent(RotatedWebhookSecret, "The new secret") },
    },
    async ({ brandId }) => ok(await rotateWebhookSecret(brandId)),
  ),
});
