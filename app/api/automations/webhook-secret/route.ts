// GET /api/automations/webhook-secret: the brand's signing secret of webhook blocks (Standard Webhooks' whsec_ form).
import { route } from "@/lib/api/route";
import { webhookSecret } from "@/lib/automations/engine/webhook-secret";
import { WebhookSecret } from "@/lib/automations/schemas";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "automations.write",
      principals: ["api-key", "session"],
      summary: "The signing secret of webhook blocks",
      description:
        "Webhook blocks sign each request as Standard Webhooks do: webhook-id, webhook-timestamp and webhook-signature (v1, base64 HMAC-SHA256 of id.timestamp.body with the secret's bytes after whsec_). API keys and the dashboard only.",
      tags: ["Automations"],
      responses: { "200": jsonContent(WebhookSecret, "The secret") },
    },
    async ({ brandId }) => ok({ secret: await webhookSecret(brandId) }),
  ),
});
