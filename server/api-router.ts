// Serves /api and /v4 with the route handlers Next.js compiled, without Next's per-request router.
//
// The routing table comes from the build itself (.next/server/app-paths-manifest.json: every
// app/**/route.ts), and each handler is the function of the compiled route module that Next would call
// (its module, loaded through Node's require, is the one Next loads: one module graph, docs/architecture.md).
// Handlers built with lib/http's handler()/route() carry a `reply` form that takes an ApiRequest and
// returns a Reply; that form is called here with a request built straight from Node's. Anything else
// (HEAD, OPTIONS, a route without a reply form) is left to Next.
//
// What must not reach a route at all (a path that cannot be decoded, a method the API does not know)
// goes to the catch-all route of /api or /v4, which answers it with a problem.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import type { ReplyHandler } from "@/lib/http/route";
import { apiRequestOf, sendResult } from "./node-request";

type RouteModule = { routeModule: { ensureUserland(): Promise<void>; userland: Record<string, unknown> } };
type Segment =
  { kind: "static"; value: string } | { kind: "dynamic"; name: string } | { kind: "catchAll"; name: string; optional: boolean };
type Route = { pattern: string; file: string; segments: Segment[]; handlers: Map<string, ReplyHandler> };

const ROUTED_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
/** Methods handed to Next as they are (it answers HEAD from GET, and OPTIONS with Allow). */
const NEXT_METHODS = new Set(["HEAD", "OPTIONS"]);
const PREFIXES = ["/api/", "/v4/"];

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

export type ApiRouter = { serve(req: IncomingMessage, res: ServerResponse): boolean; routes: number };

/** Loads every /api and /v4 route module of the build (so their first requests are as fast as the rest). */
export async function loadApiRouter(dir: string, origin: (req: IncomingMessage) => string): Promise<ApiRouter> {
  const serverDir = path.join(dir, ".next/server");
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, "app-paths-manifest.json"), "utf8")) as Record<string, string>;
  const load = createRequire(path.join(serverDir, "noop.js"));
  const routes: Route[] = [];
  for (const [key, file] of Object.entries(manifest)) {
    if (!key.endsWith("/route")) continue;
    const pattern = key.slice(0, -"/route".length);
    if (!PREFIXES.some((prefix) => `${pattern}/`.startsWith(prefix))) continue;
    const mod = load(path.join(serverDir, file)) as RouteModule;
    await mod.routeModule.ensureUserland();
    const handlers = new Map<string, ReplyHandler>();
    for (const [method, exported] of Object.entries(mod.routeModule.userland)) {
      const reply = (exported as { reply?: unknown } | null)?.reply;
      if (ROUTED_METHODS.has(method) && typeof reply === "function") handlers.set(method, reply as ReplyHandler);
    }
    routes.push({ pattern, file, segments: parseSegments(pattern), handlers });
  }
  routes.sort(compareRoutes);
  const fallbackFor = (pathname: string) => {
    const prefix = pathname.startsWith("/v4/") ? "/v4" : "/api";
    return routes.find((r) => r.pattern === `${prefix}/[...path]`)?.handlers.get("GET");
  };

  const dispatch = (req: IncomingMessage, res: ServerResponse, handler: ReplyHandler, params: Record<string, string | string[]>) => {
    handler(apiRequestOf(req, origin(req)), { params: Promise.resolve(params) })
      .then((result) => sendResult(req, res, result))
      .catch((error: unknown) => {
        // The pipeline answers every error with a problem; this is a bug in writing the answer.
        console.error("[api] writing the response failed", error);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
        res.end();
      });
  };

  return {
    routes: routes.length,
    serve(req, res) {
      const pathname = (req.url ?? "/").split("?")[0];
      if (!PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
      const method = req.method ?? "GET";
      if (NEXT_METHODS.has(method)) return false;
      let parts: string[] | null;
      try {
        parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
      } catch {
        parts = null;
      }
      // An undecodable path or a method the API does not serve: the catch-all's problem (400 / 405).
      const fallback = fallbackFor(pathname);
      if ((parts === null || !ROUTED_METHODS.has(method)) && fallback) {
        dispatch(req, res, fallback, {});
        return true;
      }
      if (parts === null) return false;
      for (const route of routes) {
        const params = match(route, parts);
        if (!params) continue;
        const handler = route.handlers.get(method);
        if (!handler) return false;
        dispatch(req, res, handler, params);
        return true;
      }
      return false;
    },
  };
}
