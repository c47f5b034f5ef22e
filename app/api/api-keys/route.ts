// /api/api-keys: the brand's API keys, managed from the dashboard (session credentials only).
import { createApiKey, listApiKeys } from "@/lib/brands/api-keys";
import { CreateApiKeyInput, ApiKeySchema, CreatedApiKeySchema } from "@/lib/brands/schemas";
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { jsonContent } from "@/lib/openapi/common";
import { z } from "zod";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: null,
      principals: ["session"],
      summary: "List the brand's API keys (dashboard session only)",
      tags: ["Account"],
      responses: { "200": jsonContent(z.object({ apiKeys: z.array(ApiKeySchema) }), "Keys, newest first") },
    },
    async ({ brandId }) => ok({ apiKeys: await listApiKeys(brandId) }),
  ),
  POST: route(
    {
      scope: null,
      principals: ["session"],
      body: CreateApiKeyInput,
      summary: "Create an API key (dashboard session only); the secret is returned once",
      tags: ["Account"],
      responses: { "201": jsonContent(CreatedApiKeySchema, "The new key and its secret") },
    },
    async ({ brandId, body }) => created(await createApiKey(brandId, body.name)),
  ),
});
