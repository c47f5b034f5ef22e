// The operations of our OpenAPI document, as the fuzzer needs them: a new operation is fuzzed the day
// it is added to the document.
import type { JsonSchema, OpenApiDocument } from "./schema-arbitrary";

export const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type Method = (typeof METHODS)[number];

export type Parameter = { name: string; in: "path" | "query" | "header"; required: boolean; schema: JsonSchema };

/** How an operation takes credentials, from its `security` requirements. */
export type CredentialKind = "apiKey" | "bearer" | "session" | "clientBasic" | "none";

/** Which error body the operation's family answers with. */
export type ErrorFormat = "problem" | "oauth" | "any";

export type Operation = {
  id: string;
  method: Method;
  /** the path template, e.g. /api/email-templates/{id} */
  path: string;
  parameters: Parameter[];
  body?: { contentType: string; schema: JsonSchema; required: boolean };
  credentials: CredentialKind[];
  /** status codes the document lists */
  statuses: string[];
  errorFormat: ErrorFormat;
  /** the collection whose ids its path parameters name, e.g. /api/email-templates */
  collection: string | null;
  /** a public endpoint of no tenant (a signup form's): any brand's id may answer 2xx */
  public?: boolean;
};

function credentialsOf(security: Record<string, string[]>[] | undefined): CredentialKind[] {
  if (!security || security.length === 0) return ["none"];
  const kinds = new Set<CredentialKind>();
  for (const requirement of security) {
    const names = Object.keys(requirement);
    if (names.length === 0) kinds.add("none");
    for (const name of names) {
      if (name === "apiKey") kinds.add("apiKey");
      else if (name === "oauth2") kinds.add("bearer");
      else if (name === "session") kinds.add("session");
      else if (name === "oauthClientBasic") kinds.add("clientBasic");
    }
  }
  return [...kinds];
}

function errorFormatOf(path: string): ErrorFormat {
  if (path.startsWith("/api/") || path.startsWith("/v4/")) return "problem";
  if (/^\/oauth2\/(token|revoke|introspect)$/.test(path)) return "oauth";
  return "any";
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = ((item as { parameters?: Parameter[] }).parameters ?? []) as Parameter[];
    for (const method of METHODS) {
      const op = item[method] as
        | {
            operationId?: string;
            parameters?: Parameter[];
            requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
            security?: Record<string, string[]>[];
            responses?: Record<string, unknown>;
          }
        | undefined;
      if (!op) continue;
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      const firstParam = path.indexOf("/{");
      operations.push({
        id: op.operationId ?? `${method.toUpperCase()} ${path}`,
        method,
        path,
        parameters: [...shared, ...(op.parameters ?? [])].map((p) => ({ ...p, required: Boolean(p.required), schema: p.schema ?? {} })),
        body: contentType ? { contentType, schema: media?.schema ?? {}, required: op.requestBody?.required ?? false } : undefined,
        credentials: credentialsOf(op.security),
        statuses: Object.keys(op.responses ?? {}),
        errorFormat: errorFormatOf(path),
        collection: firstParam === -1 ? null : path.slice(0, firstParam),
      });
    }
  }
  return operations;
}
