// The API pipeline, written once and used by every route under /api:
// request id → version header → credentials → scope → rate limit → body/query/params parsing → handler,
// with every thrown error turned into one problem+json response. It knows no domain: how a credential
// is checked is given to createRoute (lib/api/route.ts composes the API's own).
//
// A route's configuration is its operation's one declaration: what the pipeline enforces (scope,
// credentials, schemas) and what the OpenAPI document says besides (lib/http/operation.ts); the document
// is built from it (lib/openapi/document.ts reads the handler's `operation`).
//
// A route handler has two mounts with one implementation: its `reply` property, which Inkwell's server
// calls with an ApiRequest built from Node's request and writes the answer to the socket
// (server/api-router.ts), and the function itself, Next's route handler signature (a web Request in, a
// Response out), for anything that runs a route file through Next.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { ID_PATTERN } from "@/lib/ids";
import { fromWebRequest, type ApiRequest } from "./api-request";
import type { OperationDocs } from "./operation";
import { readJsonBody, readBodyText, MAX_BODY_BYTES } from "./body";
import { toProblem } from "./error-mapper";
import { publicOrigin } from "./origin";
import type { Principal } from "./principal";
import { ApiProblem, problemReply } from "./problems";
import { Reply, toResponse, type HandlerResult } from "./responses";
import { protectedResourceMetadataUrl } from "./resource-metadata";
import { consumeRateLimit, type RateLimitBucket } from "./rate-limit";
import { hasScope, type Scope } from "./scopes";
import { readQuery, throwIfIllFormed } from "./unicode";
import { checkVersion, VERSION_HEADER } from "./version";
import { fieldErrorsFromZod } from "./zod-errors";

export type RouteContext = { params: Promise<Record<string, string | string[]>> };
/** The same handler for Inkwell's server: an ApiRequest in, a Reply (or Response) out. */
export type ReplyHandler = (request: ApiRequest, context: RouteContext) => Promise<HandlerResult>;
export type RouteHandler = ((request: Request, context: RouteContext) => Promise<Response>) & {
  reply: ReplyHandler;
  /** the operation's declaration, for the OpenAPI document (handlers built with route()) */
  operation?: RouteConfig;
  /** set on methods()'s answer for the methods a route does not serve (405) */
  notAllowed?: boolean;
};
export type Authenticator = (request: ApiRequest) => Promise<Principal>;

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteConfig<
  B extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  P extends Schema | undefined = Schema | undefined,
> = OperationDocs & {
  /** required scope (any one of a list); null only for routes open to every valid credential */
  scope: Scope | readonly Scope[] | null;
  body?: B;
  /** picks the body validator per request (same output type as `body`), e.g. by a header */
  bodyFor?: (request: ApiRequest) => Schema;
  query?: Q;
  params?: P;
  /** require a body (default: true when a body schema is given) */
  bodyRequired?: boolean;
  rateLimit?: RateLimitBucket;
  /** skip the Service-Version header check (unversioned endpoints) */
  unversioned?: boolean;
  /** the handler reads the body itself (request.body(limit)), e.g. a multipart upload larger than 1 MB */
  rawBody?: boolean;
  /** limit the endpoint to some kinds of credential (e.g. dashboard sessions only) */
  principals?: readonly Principal["kind"][];
  /** replaces the credential check (the v4 layer accepts bearer tokens only) */
  authenticate?: Authenticator;
};

export type HandlerContext<B, Q, P> = {
  request: ApiRequest;
  requestId: string;
  auth: Principal;
  brandId: string;
  body: B;
  query: Q;
  params: P;
};

/**
 * 403 insufficient-scope unless the credential holds the scope (any one of a list). Routes whose scope
 * depends on the request (a batch's endpoint) call it from their handler.
 */
export function requireScope(auth: Principal, scope: Scope | readonly Scope[]): void {
  if (hasScope(auth.scopes, scope)) return;
  const list: readonly Scope[] = Array.isArray(scope) ? scope : [scope as Scope];
  throw new ApiProblem("insufficient-scope", `This request needs the ${list.join(" or ")} scope, which the credential was not granted`, {
    requiredScopes: list,
    headers: {
      "WWW-Authenticate": `Bearer realm="inkwell", resource_metadata="${protectedResourceMetadataUrl()}", error="insufficient_scope", scope="${list.join(" ")}"`,
    },
  });
}

/** A path id: 24 lowercase hex characters. */
export const ResourceId = z.string().regex(ID_PATTERN, "must be a 24-character lowercase hexadecimal id");
export const IdParams = z.object({ id: ResourceId });

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Pick<ApiRequest, "headers">): string {
  const given = request.headers.get("x-request-id");
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}

function parseWith<S extends Schema>(schema: S, input: unknown, where: "body" | "query"): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrorsFromZod(result.error.issues).map((e) => (where === "query" ? { ...e, in: "query" as const } : e));
  const detail =
    where === "query"
      ? `Invalid query parameter${errors.length === 1 ? "" : "s"}: ${[...new Set(errors.map((e) => e.field))].join(", ")}`
      : `${errors.length} field${errors.length === 1 ? " is" : "s are"} invalid`;
  throw new ApiProblem("validation-failed", detail, { errors });
}

function finish(response: HandlerResult, requestId: string, version: string | null): HandlerResult {
  const headers = response instanceof Reply ? response : response.headers;
  headers.set("X-Request-Id", requestId);
  if (version) headers.set(VERSION_HEADER, version);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return response;
}

/**
 * Runs `work` with the request id and problem mapping every API response shares. `version` is read
 * after `work` ran, so a validated Service-Version is echoed on problems too.
 */
export async function withProblems(
  request: ApiRequest,
  work: (requestId: string) => Promise<HandlerResult>,
  version: () => string | null = () => null,
): Promise<HandlerResult> {
  const requestId = requestIdOf(request);
  try {
    return finish(await work(requestId), requestId, version());
  } catch (error) {
    const problem = toProblem(error);
    if (problem.status >= 500) console.error(`[${requestId}] ${request.method} ${new URL(request.url).pathname}`, error);
    return finish(problemReply(problem, requestId, publicOrigin(request)), requestId, version());
  }
}

/** A route handler for both mounts from its ApiRequest implementation. */
export function handler(reply: ReplyHandler): RouteHandler {
  const handle = (async (request: Request, context: RouteContext) =>
    toResponse(await reply(fromWebRequest(request), context))) as RouteHandler;
  handle.reply = reply;
  return handle;
}

/** The `route` function of an API whose credentials `authenticate` checks. */
export function createRoute(authenticate: Authenticator) {
  return function route<
    B extends Schema | undefined = undefined,
    Q extends Schema | undefined = undefined,
    P extends Schema | undefined = undefined,
  >(config: RouteConfig<B, Q, P>, work: (ctx: HandlerContext<Out<B>, Out<Q>, Out<P>>) => Promise<HandlerResult>): RouteHandler {
    const handle = handler((request, context) => pipeline(config, work, authenticate, request, context));
    handle.operation = config;
    return handle;
  };
}

function pipeline<B extends Schema | undefined, Q extends Schema | undefined, P extends Schema | undefined>(
  config: RouteConfig<B, Q, P>,
  work: (ctx: HandlerContext<Out<B>, Out<Q>, Out<P>>) => Promise<HandlerResult>,
  authenticate: Authenticator,
  request: ApiRequest,
  context: RouteContext,
): Promise<HandlerResult> {
  let version: string | null = null;
  return withProblems(
    request,
    async (requestId) => {
      if (!config.unversioned) version = checkVersion(request.headers);
      const auth = await (config.authenticate ?? authenticate)(request);
      if (config.principals && !config.principals.includes(auth.kind)) {
        throw new ApiProblem("forbidden", `This endpoint accepts only ${config.principals.join(" or ")} credentials`);
      }
      if (config.scope) requireScope(auth, config.scope);
      await consumeRateLimit(auth.credentialId, config.rateLimit, auth.kind);

      const rawParams = context?.params ? await context.params : {};
      // Path parameters arrive percent-decoded: `%00` or `%ED%A0%80` is text no engine stores (issue 26).
      throwIfIllFormed(rawParams, "path");
      let params: unknown = rawParams;
      if (config.params) {
        const parsed = config.params.safeParse(rawParams);
        if (!parsed.success) {
          const errors = fieldErrorsFromZod(parsed.error.issues).map((e) => ({ ...e, in: "path" as const }));
          throw new ApiProblem("invalid-id", `Malformed path parameter: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}`, {
            errors,
          });
        }
        params = parsed.data;
      }
      const query = config.query ? parseWith(config.query, readQuery(request.url), "query") : undefined;

      let body: unknown = undefined;
      if (config.body) {
        const raw = await readJsonBody(request);
        if (raw === undefined && (config.bodyRequired ?? true)) {
          throw new ApiProblem("bad-request", "A JSON request body is required");
        }
        body = raw === undefined ? undefined : parseWith(config.bodyFor?.(request) ?? config.body, raw, "body");
      } else if (!config.rawBody && request.method !== "GET" && request.method !== "HEAD" && request.method !== "DELETE") {
        // Still enforce the size limit on endpoints that ignore their body.
        await readBodyText(request, MAX_BODY_BYTES);
      }

      return work({
        request,
        requestId,
        auth,
        brandId: auth.brandId,
        body: body as Out<B>,
        query: query as Out<Q>,
        params: params as Out<P>,
      });
    },
    () => version,
  );
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** Exports every method of a route file: the given handlers, and 405 with `Allow` for the rest. */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = METHODS.filter((m) => handlers[m]).join(", ");
  const notAllowed = handler((request) =>
    withProblems(request, async () => {
      throw new ApiProblem("method-not-allowed", `${request.method} is not supported here; allowed: ${allow}`, {
        headers: { Allow: allow },
      });
    }),
  );
  notAllowed.notAllowed = true;
  return Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? notAllowed])) as Record<Method, RouteHandler>;
}
