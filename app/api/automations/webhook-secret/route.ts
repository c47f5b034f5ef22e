// GET /api/automations/webhook-secret: the brand's signing secret of webhook blocks (Standard Webhooks' whsec_ form).
import { route } from "@/lib/api/route";
import { webhookSecret } from "@/lib/automations/engine/webhooks";
import { methods } from "@/lib/http/route";
import { ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "automations.write", principals: ["api-key", "session"] }, async ({ brandId }) =>
    ok({ secret: webhookSecret(brandId) }),
  ),
});
