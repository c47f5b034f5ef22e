// The OpenAPI 3.1 document, built from the routes' own declarations: each operation of the API pipeline
// from its route() configuration (scope, credentials, path, query and body schemas, summary, answers), each
// other documented handler (the OAuth endpoints) from the operation it carries (lib/http/operation.ts).
// Nothing else describes an operation, so the document says what the routes enforce.
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { API_TAGS, documentedSchema } from "@/lib/http/operation";
import type { RouteConfig } from "@/lib/http/route";
import { SCOPE_DESCRIPTIONS, type Scope } from "@/lib/http/scopes";
import type { RouteTable } from "@/lib/process/server-entry";
import { standardErrors, VersionHeader } from "./common";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Declared = { operation?: RouteConfig; openapi?: ZodOpenApiOperationObject } | null | undefined;

/** The OpenAPI path of a route pattern: `/api/contacts/[id]` → `/api/contacts/{id}`. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/\[([^\].]+)\]/g, "{$1}");
}

/** Who may call: API keys and sessions hold every scope of their brand, OAuth tokens the scope named (any one of a list). */
function securityOf(config: RouteConfig): Record<string, string[]>[] {
  const kinds = config.principals ?? ["api-key", "oauth", "session"];
  const scopes: readonly Scope[] = config.scope === null ? [] : Array.isArray(config.scope) ? config.scope : [config.scope as Scope];
  const out: Record<string, string[]>[] = [];
  if (kinds.includes("api-key")) out.push({ apiKey: [] });
  if (kinds.includes("oauth")) out.push(...(scopes.length ? scopes.map((scope) => ({ oauth2: [scope] })) : [{ oauth2: [] }]));
  if (kinds.includes("session")) out.push({ session: [] });
  return out;
}

/** An operation of the API pipeline, from its route() configuration. */
function pipelineOperation(config: RouteConfig): ZodOpenApiOperationObject {
  const header = config.unversioned ? config.headers : config.headers ? VersionHeader.extend(config.headers.shape) : VersionHeader;
  const params = Object.fromEntries(
    Object.entries({ header, path: config.params, query: config.query }).filter(([, schema]) => schema !== undefined),
  );
  const body = config.body
    ? {
        ...(config.bodyRequired === false ? { required: false } : {}),
        content: { "application/json": { schema: documentedSchema(config.body) } },
      }
    : config.requestBody;
  return {
    summary: config.summary,
    ...(config.description ? { description: config.description } : {}),
    tags: [...config.tags],
    ...(config.deprecated ? { deprecated: true } : {}),
    security: securityOf(config),
    ...(Object.keys(params).length ? { requestParams: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...standardErrors, ...config.responses },
  };
}

/** The OpenAPI operation a route file's export declares, if any. */
export function operationOf(exported: unknown): ZodOpenApiOperationObject | null {
  const declared = exported as Declared;
  if (declared?.operation) return pipelineOperation(declared.operation);
  return declared?.openapi ?? null;
}

/** Every documented operation of the table's routes, by OpenAPI path and lower-case method. */
export function documentedPaths(routes: RouteTable): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const [pattern, mod] of routes) {
    for (const method of METHODS) {
      const operation = operationOf(mod[method]);
      if (!operation) continue;
      const path = (paths[openApiPath(pattern)] ??= {});
      path[method.toLowerCase() as Lowercase<typeof method>] = operation;
    }
  }
  return paths;
}

const built = new WeakMap<RouteTable, ReturnType<typeof createDocument>>();

export function openApiDocument(routes: RouteTable) {
  let document = built.get(routes);
  if (document) return document;
  document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Inkwell API",
      version: "2026-03-15",
      description:
        "Email templates, customer events, contacts, segments and OAuth 2.0 app authorization. Every request under /api carries `Service-Version: 2026-03-15` and credentials. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: "/" }],
    tags: API_TAGS.map((name) => ({ name })),
    paths: documentedPaths(routes),
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
  built.set(routes, document);
  return document;
}
