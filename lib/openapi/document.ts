// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests.
// Each domain contributes its paths from lib/<domain>/openapi.ts; add new ones to `domains` below.
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { SCOPE_DESCRIPTIONS } from "@/lib/http/scopes";
import { accountPaths } from "@/lib/accounts/openapi";
import { oauthPaths } from "@/lib/oauth/openapi";
import { templatePaths } from "@/lib/templates/openapi";
import { renderPaths } from "@/lib/templates/render/openapi";
import { contactPaths } from "@/lib/contacts/openapi";
import { contactDashboardPaths } from "@/lib/contacts/dashboard-openapi";
import { segmentPaths } from "@/lib/segments/openapi";
import { segmentPreviewPaths } from "@/lib/segments/preview-openapi";
import { eventPaths } from "@/lib/events/openapi";
import { eventLogPaths } from "@/lib/events/log/openapi";
import { eventMetadataPaths } from "@/lib/events/metadata/openapi";
import { v4Paths } from "@/lib/v4/openapi";
import { testEmailPaths } from "@/lib/test-emails/openapi";
import { productPaths } from "@/lib/products/openapi";
import { imagePaths } from "@/lib/images/openapi";
import { batchPaths } from "@/lib/batches/openapi";
import { automationPaths } from "@/lib/automations/openapi";
import { deliveryPaths } from "@/lib/delivery/openapi";

const domains: ZodOpenApiPathsObject[] = [
  accountPaths,
  oauthPaths,
  templatePaths,
  renderPaths,
  testEmailPaths,
  contactPaths,
  contactDashboardPaths,
  segmentPaths,
  segmentPreviewPaths,
  eventPaths,
  eventMetadataPaths,
  productPaths,
  imagePaths,
  batchPaths,
  automationPaths,
  deliveryPaths,
  eventLogPaths,
  v4Paths,
];

let cached: ReturnType<typeof createDocument> | null = null;

export function openApiDocument() {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Inkwell API",
      version: "2026-03-15",
      description:
        "Email templates, customer events, contacts, segments and OAuth 2.0 app authorization. Every request under /api carries `Service-Version: 2026-03-15` and credentials. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: "/" }],
    paths: Object.assign({}, ...domains),
    components: {
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "`Authorization: Service-API-Key <key>`: a brand API key with full access to its brand",
        },
        oauth2: {
          type: "oauth2",
          description:
            "OAuth 2.0 Authorization Code grant (PKCE S256 supported); access tokens are sent as `Authorization: Bearer <token>`",
          flows: {
            authorizationCode: {
              authorizationUrl: "/oauth2/authorize",
              tokenUrl: "/oauth2/token",
              refreshUrl: "/oauth2/token",
              scopes: SCOPE_DESCRIPTIONS,
            },
          },
        },
        oauthClientBasic: {
          type: "http",
          scheme: "basic",
          description:
            "OAuth client authentication at /oauth2/token, /oauth2/revoke and /oauth2/introspect: client_id and client_secret (or send them in the form body)",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "authjs.session-token",
          description: "The dashboard's session (first-party UI only; writes need a same-origin Origin header)",
        },
      },
    },
  });
  return cached;
}
