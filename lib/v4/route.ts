// The v4 pipeline: the /api pipeline (problems, scopes, rate limit, body parsing) without the
// Service-Version header (v4 puts its version in the path), with bearer-only credentials, usage
// counting, the lifecycle headers on every response (errors and 405s included) and 410 after sunset.
import type { z } from "zod";
import { route } from "@/lib/api/route";
import type { ApiRequest } from "@/lib/http/api-request";
import { ApiProblem } from "@/lib/http/problems";
import { Reply, type HandlerResult } from "@/lib/http/responses";
import { handler, methods, withProblems, type HandlerContext, type RouteConfig, type RouteHandler } from "@/lib/http/route";
import { authenticateV4 } from "./auth";
import { isSunset, lifecycleHeaders, MIGRATION_GUIDE, sunsetAt } from "./lifecycle";
import { v4Docs, type V4Docs } from "./openapi";
import { recordV4Call, type V4Endpoint } from "./usage";

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The current endpoint a v4 request maps to, for the Link header and messages. */
export type Successor = string | ((url: URL) => string);

const successorOf = (successor: Successor, request: { url: string }) =>
  typeof successor === "string" ? successor : successor(new URL(request.url));

export function v4Route<B extends Schema | undefined = undefined, P extends Schema | undefined = undefined>(
  endpoint: V4Endpoint,
  successor: Successor,
  config: Pick<RouteConfig<B, undefined, P>, "scope" | "body" | "params"> & V4Docs,
  work: (ctx: HandlerContext<Out<B>, undefined, Out<P>>) => Promise<HandlerResult>,
): RouteHandler {
  const { summary, description, responses, ...pipeline } = config;
  return route(
    {
      ...pipeline,
      ...v4Docs({ summary, description, responses }),
      unversioned: true,
      principals: ["oauth"],
      authenticate: async (request) => {
        const principal = await authenticateV4(request, successorOf(successor, request));
        recordV4Call(principal.brandId, endpoint);
        return principal;
      },
    },
    work,
  );
}

function gone(request: ApiRequest): Promise<HandlerResult> {
  return withProblems(request, async () => {
    throw new ApiProblem(
      "gone",
      `The v4 API was switched off on ${sunsetAt().toISOString().slice(0, 10)}; use the current API (see ${MIGRATION_GUIDE})`,
    );
  });
}

/** Every method of a v4 route file, each answering with the lifecycle headers (410 after sunset). */
export function v4Methods(successor: Successor, handlers: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const all = methods(handlers);
  const wrap = (inner: RouteHandler): RouteHandler => {
    const wrapped = handler(async (request, context) => {
      const result = isSunset() ? await gone(request) : await inner.reply(request, context);
      const headers = result instanceof Reply ? result : result.headers;
      for (const [name, value] of Object.entries(lifecycleHeaders(successorOf(successor, request)))) headers.set(name, value);
      return result;
    });
    return Object.assign(wrapped, { operation: inner.operation, notAllowed: inner.notAllowed });
  };
  return {
    GET: wrap(all.GET),
    POST: wrap(all.POST),
    PUT: wrap(all.PUT),
    PATCH: wrap(all.PATCH),
    DELETE: wrap(all.DELETE),
  };
}
