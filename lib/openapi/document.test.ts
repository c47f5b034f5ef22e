// The OpenAPI document is built from the routes' declarations (lib/http/route.ts, lib/http/operation.ts):
// every operation a route serves is in it, as the route declares it.
import { describe, expect, it } from "vitest";
import { API_ROUTES, DOCUMENTED_ROUTES } from "@/app/api-routes";
import { openApiDocument, openApiPath } from "./document";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Exported = { reply?: unknown; operation?: { scope: unknown; principals?: string[] }; notAllowed?: boolean } | undefined;

const doc = openApiDocument(DOCUMENTED_ROUTES) as unknown as { paths: Record<string, Record<string, { security: unknown[] }>> };
const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
);

/** Handlers of the API that are no operation of their own: the catch-alls' problems and the document itself. */
const NOT_OPERATIONS = new Set(["/api/[...path]", "/v4/[...path]", "/api/openapi.json"]);

// The 90 operations of the document as it was written by hand, before the routes' declarations replaced it
// (issue 25): none may be lost.
const BEFORE = [
  "GET /api/me",
  "GET /api/brand",
  "PATCH /api/brand",
  "GET /api/api-keys",
  "POST /api/api-keys",
  "DELETE /api/api-keys/{id}",
  "GET /.well-known/oauth-authorization-server",
  "GET /.well-known/oauth-protected-resource/api",
  "GET /oauth2/authorize",
  "POST /oauth2/token",
  "POST /oauth2/revoke",
  "POST /oauth2/introspect",
  "GET /api/email-templates",
  "POST /api/email-templates",
  "POST /api/email-templates/import",
  "GET /api/email-templates/{id}",
  "PUT /api/email-templates/{id}",
  "DELETE /api/email-templates/{id}",
  "GET /api/email-content/{id}",
  "PUT /api/email-content/{id}",
  "GET /api/email-universal-layouts",
  "POST /api/email-universal-layouts",
  "GET /api/email-universal-layouts/{id}",
  "PUT /api/email-universal-layouts/{id}",
  "DELETE /api/email-universal-layouts/{id}",
  "POST /api/email-templates/{id}/render",
  "POST /api/email-content/{id}/render",
  "POST /api/email-templates/{id}/test-sends",
  "GET /api/test-emails",
  "GET /api/test-emails/{id}",
  "GET /api/contacts",
  "POST /api/contacts",
  "PATCH /api/contacts",
  "GET /api/contacts/{id}",
  "PATCH /api/contacts/{id}",
  "POST /api/contacts/tags",
  "DELETE /api/contacts/tags",
  "GET /api/contacts/tags/jobs",
  "GET /api/contacts/tags/jobs/{id}",
  "GET /api/contacts/search",
  "GET /api/contacts/export",
  "POST /api/contacts/export",
  "POST /api/contacts/jobs",
  "GET /api/contacts/jobs",
  "GET /api/contacts/jobs/{id}",
  "POST /api/contacts/{id}/erasure",
  "POST /api/contacts/unsubscribe",
  "POST /api/contacts/imports",
  "GET /api/segments",
  "POST /api/segments",
  "GET /api/segments/{id}",
  "PUT /api/segments/{id}",
  "DELETE /api/segments/{id}",
  "GET /api/segments/{id}/statistics",
  "POST /api/segments/preview",
  "GET /api/segments/suggestions",
  "POST /api/events",
  "GET /api/event-catalog",
  "GET /api/event-identities",
  "GET /api/events/parked",
  "GET /api/contacts/{id}/events",
  "GET /api/contacts/{id}/event-names",
  "POST /api/event-metadata",
  "PUT /api/event-metadata",
  "POST /api/event-metadata/query",
  "GET /api/products",
  "POST /api/products",
  "GET /api/products/{productID}",
  "PUT /api/products/{productID}",
  "DELETE /api/products/{productID}",
  "GET /api/product-categories",
  "POST /api/product-categories",
  "GET /api/product-categories/{categoryID}",
  "PATCH /api/product-categories/{categoryID}",
  "DELETE /api/product-categories/{categoryID}",
  "GET /api/images",
  "POST /api/images",
  "POST /api/images/upload",
  "GET /api/images/{id}",
  "DELETE /api/images/{id}",
  "GET /api/images/{id}/usage",
  "GET /api/batches",
  "POST /api/batches",
  "GET /api/batches/{batchID}",
  "GET /api/batches/{batchID}/items",
  "GET /api/event-log",
  "GET /api/event-log/{id}",
  "POST /v4/identify",
  "GET /v4/contacts/{lookup}",
  "POST /v4/track",
];

describe("the OpenAPI document, built from the routes' declarations", () => {
  it("documents every operation it documented before the declarations moved into the routes", () => {
    expect(BEFORE).toHaveLength(90);
    expect(BEFORE.filter((operation) => !documented.includes(operation))).toEqual([]);
  });

  it("documents every method every API route serves, and nothing else", () => {
    const served: string[] = [];
    for (const [pattern, mod] of API_ROUTES) {
      for (const method of METHODS) {
        const exported = mod[method] as Exported;
        if (!exported || exported.notAllowed || NOT_OPERATIONS.has(pattern)) continue;
        expect(exported.operation, `${method} ${pattern} is served but declares no operation (build it with route())`).toBeDefined();
        served.push(`${method} ${openApiPath(pattern)}`);
      }
    }
    const apiDocumented = documented.filter((operation) => /^\S+ \/(api|v4)\//.test(operation));
    expect(apiDocumented.sort()).toEqual(served.sort());
  });

  it("names, for every operation, the scope its route requires (any one of a list)", () => {
    for (const [pattern, mod] of API_ROUTES) {
      for (const method of METHODS) {
        const operation = (mod[method] as Exported)?.operation;
        const scope = operation?.scope;
        // A scope binds OAuth tokens only: a route closed to them (API keys and sessions only) names none.
        if (scope === undefined || scope === null || (operation?.principals && !operation.principals.includes("oauth"))) continue;
        const scopes = (Array.isArray(scope) ? scope : [scope]).map((s) => ({ oauth2: [s] }));
        const security = doc.paths[openApiPath(pattern)][method.toLowerCase()].security;
        for (const requirement of scopes) expect(security, `${method} ${pattern}`).toContainEqual(requirement);
      }
    }
  });
});
