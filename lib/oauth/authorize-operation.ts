// GET /oauth2/authorize as the OpenAPI document describes it. The endpoint is a page (the consent
// screen, app/oauth2/authorize/page.tsx), which cannot carry a declaration of its own: this is it, listed
// in app/api-routes.ts.
import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { ScopeList } from "./endpoint-schemas";

export const authorizeOperation: { openapi: ZodOpenApiOperationObject } = {
  openapi: {
    summary: "Start an authorization (browser): sign-in, consent page, then a redirect with code and state",
    description:
      "An unknown client or a redirect_uri that is not exactly a registered one shows an error page and never redirects. Other errors redirect to the redirect_uri with `error`, `error_description`, `state` and `iss`. `scopes` is accepted as an alias of `scope`.",
    tags: ["OAuth 2.0"],
    security: [],
    requestParams: {
      query: z.object({
        response_type: z.literal("code"),
        client_id: z.string(),
        redirect_uri: z.string().meta({ description: "Required; must equal one registered for the app" }),
        scope: ScopeList.optional(),
        scopes: ScopeList.optional(),
        state: z.string().optional(),
        code_challenge: z.string().optional().meta({ description: "PKCE challenge (BASE64URL(SHA-256(verifier)))" }),
        code_challenge_method: z.literal("S256").optional(),
      }),
    },
    responses: {
      "200": { description: "The consent page, or an error page for an unknown client or redirect URI" },
      "307": { description: "To /login (not signed in), or to the redirect_uri with an error" },
    },
  },
};
