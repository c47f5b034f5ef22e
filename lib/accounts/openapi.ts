// OpenAPI paths of the account endpoints.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { ApiKeySchema, BrandPatch, BrandSchema, CreateApiKeyInput, CreatedApiKeySchema, MeSchema } from "@/lib/brands/schemas";
import { jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { IdParams } from "@/lib/http/route";

export const accountPaths: ZodOpenApiPathsObject = {
  "/api/me": {
    get: {
      summary: "The brand and credential behind this request",
      tags: ["Account"],
      security: security(null),
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(MeSchema, "The caller"), ...standardErrors },
    },
  },
  "/api/brand": {
    get: {
      summary: "The brand's settings: name, plan and the postal address email footers show (API keys and the dashboard)",
      tags: ["Account"],
      security: [{ apiKey: [] }, { session: [] }],
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(BrandSchema, "The brand"), ...standardErrors },
    },
    patch: {
      summary: "Change the brand's name or postal address (API keys and the dashboard)",
      tags: ["Account"],
      security: [{ apiKey: [] }, { session: [] }],
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: BrandPatch } } },
      responses: { "200": jsonContent(BrandSchema, "The brand as saved"), ...standardErrors },
    },
  },
  "/api/api-keys": {
    get: {
      summary: "List the brand's API keys (dashboard session only)",
      tags: ["Account"],
      security: [{ session: [] }],
      requestParams: { header: VersionHeader },
      responses: { "200": jsonContent(z.object({ apiKeys: z.array(ApiKeySchema) }), "Keys, newest first"), ...standardErrors },
    },
    post: {
      summary: "Create an API key (dashboard session only); the secret is returned once",
      tags: ["Account"],
      security: [{ session: [] }],
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: CreateApiKeyInput } } },
      responses: { "201": jsonContent(CreatedApiKeySchema, "The new key and its secret"), ...standardErrors },
    },
  },
  "/api/api-keys/{id}": {
    delete: {
      summary: "Revoke an API key (dashboard session only)",
      tags: ["Account"],
      security: [{ session: [] }],
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "204": { description: "Revoked" }, ...notFound, ...standardErrors },
    },
  },
};
