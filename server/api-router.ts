// Serves /api and /v4 from the routing table the app's entry route exports (server/app-entry.ts): every
// route file under app/api and app/v4 with its URL pattern (app/api-routes.ts). Each handler built with
// lib/http's handler()/route() has a `reply` form that takes an ApiRequest and returns a Reply; the router
// calls it with a request built straight from Node's, in development and in production alike.
//
// HEAD is answered by the route's GET without the body, OPTIONS with the methods the route serves. What
// must not reach a route at all (a path that cannot be decoded, a method the API does not know) goes to
// the catch-all route of /api or /v4, which answers it with a problem.
//
// The public routes outside /api the app hands over too (app/public-routes.ts: a signup form's submission)
// are served by createPublicRouter below: only a path and method one of them takes, every other request to
// the same paths going on to Next.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ReplyHandler, RouteTable } from "@/lib/process/server-entry";
import { apiRequestOf, sendResult } from "./node-request";

type Segment =
  { kind: "static"; value: string } | { kind: "dynamic"; name: string } | { kind: "catchAll"; name: string; optional: boolean };
type Route = { pattern: string; segments: Segment[]; handlers: Map<string, ReplyHandler>; allow: string };

const ROUTED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const PREFIXES = ["/api/", "/v4/"];

/** Whether the router answers this path (the rest of the site is Next's). */
export function isApiPath(pathname: string): boolean {
  return PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Whether a public route (app/public-routes.ts) may take this path; the public router decides. */
export function isPublicPath(pathname: string): boolean {
  return pathname.startsWith("/f/");
}

function parseSegments(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter((s) => s !== "" && !/^\(.*\)$/.test(s)) // route groups take no part in the URL
    .map((s): Segment => {
      const catchAll = /^\[(\[)?\.\.\.([^\]]+)\]\]?$/.exec(s);
      if (catchAll) return { kind: "catchAll", name: catchAll[2], optional: Boolean(catchAll[1]) };
      const dynamic = /^\[([^\]]+)\]$/.exec(s);
      return dynamic ? { kind: "dynamic", name: dynamic[1] } : { kind: "static", value: s };
    });
}

/** Next's precedence: at each position a static segment beats a dynamic one, which beats a catch-all. */
function compareRoutes(a: Route, b: Route): number {
  const rank = (s: Segment | undefined) => (s === undefined ? 3 : s.kind === "static" ? 0 : s.kind === "dynamic" ? 1 : 2);
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const diff = rank(a.segments[i]) - rank(b.segments[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}

function match(route: Route, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i];
    if (segment.kind === "catchAll") {
      const rest = parts.slice(i);
      if (rest.length === 0 && !segment.optional) return null;
      params[segment.name] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === "static") {
      if (segment.value !== part) return null;
    } else params[segment.name] = part;
  }
  return parts.length === route.segments.length ? params : null;
}

export type ApiRouter = { serve(req: IncomingMessage, res: ServerResponse): void; routes: number };

/** A handler's reply form, when the export is a handler of lib/http (`notAllowed` marks methods' 405s). */
function replyOf(exported: unknown): { reply: ReplyHandler; served: boolean } | null {
  const candidate = exported as { reply?: unknown; notAllowed?: boolean } | null | undefined;
  return typeof candidate?.reply === "function" ? { reply: candidate.reply as ReplyHandler, served: !candidate.notAllowed } : null;
}

/** Runs a handler's reply form and writes its answer. */
function dispatch(
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
  handler: ReplyHandler,
  params: Record<string, string | string[]>,
): void {
  // HEAD runs the GET handler; Node's ServerResponse leaves the body out of a HEAD answer.
  handler(apiRequestOf(req, origin), { params: Promise.resolve(params) })
    .then((result) => sendResult(req, res, result))
    .catch((error: unknown) => {
      // The pipeline answers every error with a problem; this is a bug in writing the answer.
      console.error("[api] writing the response failed", error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end();
    });
}

/** The path's segments, percent-decoded; null when it cannot be decoded. */
function pathParts(pathname: string): string[] | null {
  try {
    return pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

export type PublicRouter = {
  /** Serves the request when a public route takes its path and method; false (nothing written) otherwise. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
  routes: number;
};

const PUBLIC_METHODS = [...ROUTED_METHODS, "OPTIONS"] as const;

export function createPublicRouter(table: RouteTable, origin: (req: IncomingMessage) => string): PublicRouter {
  const routes: Route[] = [];
  for (const [pattern, mod] of table) {
    if (!isPublicPath(`${pattern}/`)) throw new Error(`${pattern}: a public route must be under /f/ (server/api-router.ts isPublicPath)`);
    const handlers = new Map<string, ReplyHandler>();
    for (const method of PUBLIC_METHODS) {
      const found = replyOf(mod[method]);
      if (found) handlers.set(method, found.reply);
    }
    // A file without one (the confirmation link's) is listed for its place in the precedence only: the paths
    // it takes stay Next's (/f/confirm/challenge is the confirmation's, not the challenge of a form "confirm").
    routes.push({ pattern, segments: parseSegments(pattern), handlers, allow: "" });
  }
  routes.sort(compareRoutes);
  return {
    routes: routes.length,
    serve(req, res, pathname) {
      const parts = pathParts(pathname);
      if (parts === null) return false;
      for (const route of routes) {
        const params = match(route, parts);
        if (!params) continue;
        // The first route that takes the path decides, as Next's routing would; a method it does not
        // serve itself is Next's (the hosted page's GET, HEAD).
        const handler = route.handlers.get(req.method ?? "GET");
        if (!handler) return false;
        dispatch(req, res, origin(req), handler, params);
        return true;
      }
      return false;
    },
  };
}

export function createApiRouter(table: RouteTable, origin: (req: IncomingMessage) => string): ApiRouter {
  const routes: Route[] = [];
  for (const [pattern, mod] of table) {
    if (!isApiPath(`${pattern}/`)) continue;
    const handlers = new Map<string, ReplyHandler>();
    const served: string[] = [];
    for (const method of ROUTED_METHODS) {
      const found = replyOf(mod[method]);
      if (!found) continue;
      handlers.set(method, found.reply);
      if (found.served) served.push(method);
    }
    // A route file without one handler of lib/http is a mistake the server refuses to start with.
    if (handlers.size === 0) throw new Error(`${pattern}: the route file exports no handler built with lib/http (route(), handler())`);
    if (served.includes("GET")) served.splice(served.indexOf("GET") + 1, 0, "HEAD");
    routes.push({ pattern, segments: parseSegments(pattern), handlers, allow: [...served, "OPTIONS"].join(", ") });
  }
  routes.sort(compareRoutes);
  const fallbackFor = (pathname: string) => {
    const prefix = pathname.startsWith("/v4/") ? "/v4" : "/api";
    const fallback = routes.find((r) => r.pattern === `${prefix}/[...path]`)?.handlers.get("GET");
    if (!fallback) throw new Error(`no catch-all route for ${prefix}`);
    return fallback;
  };

  const serveWith = (req: IncomingMessage, res: ServerResponse, handler: ReplyHandler, params: Record<string, string | string[]>) =>
    dispatch(req, res, origin(req), handler, params);

  return {
    routes: routes.length,
    serve(req, res) {
      const pathname = (req.url ?? "/").split("?")[0];
      const method = req.method ?? "GET";
      const parts = pathParts(pathname);
      const routed = method === "HEAD" ? "GET" : method;
      // An undecodable path or a method the API does not serve: the catch-all's problem (400 / 405).
      if (parts === null || (method !== "OPTIONS" && !(ROUTED_METHODS as readonly string[]).includes(routed))) {
        serveWith(req, res, fallbackFor(pathname), {});
        return;
      }
      for (const route of routes) {
        const params = match(route, parts);
        if (!params) continue;
        if (method === "OPTIONS") {
          res.writeHead(204, { Allow: route.allow, "Cache-Control": "no-store" });
          res.end();
          return;
        }
        // A route file exports every method (lib/http's methods() answers the others with 405).
        const handler = route.handlers.get(routed) ?? fallbackFor(pathname);
        serveWith(req, res, handler, params);
        return;
      }
      serveWith(req, res, fallbackFor(pathname), {});
    },
  };
}
