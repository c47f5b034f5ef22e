// /api/api-keys: the brand's API keys, managed from the dashboard (session credentials only).
import { createApiKey, listApiKeys } from "@/lib/brands/api-keys";
import { CreateApiKeyInput } from "@/lib/brands/schemas";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: null, principals: ["session"] }, async ({ brandId }) => ok({ apiKeys: await listApiKeys(brandId) })),
  POST: route({ scope: null, principals: ["session"], body: CreateApiKeyInput }, async ({ brandId, body }) =>
    created(await createApiKey(brandId, body.name)),
  ),
});
