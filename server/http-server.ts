// Inkwell's HTTP server, the same in development and production: the API (/api, /v4) served by
// server/api-router.ts from the routing table the app hands over (server/app-entry.ts), so are the public
// routes it hands over (a signup form's submission and challenge: app/public-routes.ts), everything else
// (pages, static files, Auth.js, OAuth endpoints) by Next.js, and the security headers of
// server/security-headers.ts on every response. This file loads nothing of lib/ or app/ itself (type
// imports aside): the code of the app runs in Next's module graph only.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import type { ServerEntry } from "@/lib/process/server-entry";
import { AppEntry } from "./app-entry";
import { createApiRouter, createPublicRouter, isApiPath, isPublicPath, type ApiRouter, type PublicRouter } from "./api-router";
import { stampPeerAddress } from "./peer-address";
import { securityHeaders } from "./security-headers";

/** The last-resort answer when Next itself fails on a request (its own errors are pages). */
function internalError(res: ServerResponse, error: unknown): void {
  console.error("request failed", error);
  if (res.headersSent) {
    res.end();
    return;
  }
  // RFC 9457's "about:blank" problem: this runs outside the app, where lib/http's problems live.
  res.writeHead(500, { "Content-Type": "application/problem+json", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ type: "about:blank", title: "Internal Server Error", status: 500 }));
}

/**
 * A page path whose percent-encoding is not UTF-8 (/f/%ff): Next throws decoding it into the route's
 * parameters and answers 500 (every dynamic page and route, /email/view/%ff too). Refused here as what it
 * is, a bad request; the API's router answers its own paths with a problem (lib/http/fallback.ts).
 */
function undecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

function badPath(res: ServerResponse): void {
  res.writeHead(400, { "Content-Type": "application/problem+json", "Cache-Control": "no-store" });
  res.end(
    JSON.stringify({ type: "about:blank", title: "Bad Request", status: 400, detail: "The path is not valid percent-encoded UTF-8" }),
  );
}

/**
 * Gives the response `headers` unless whatever answers it sets its own (Node merges what setHeader() and
 * writeHead() set; a route's own Content-Security-Policy must win over the default one).
 */
function withDefaultHeaders(res: ServerResponse, headers: Record<string, string>): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    for (const name in headers) if (!this.hasHeader(name)) this.setHeader(name, headers[name]);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Development: a line per API request, as Next logs the requests it answers. */
function logRequest(req: IncomingMessage, res: ServerResponse): void {
  const begun = performance.now();
  res.once("finish", () => console.log(` ${req.method} ${req.url} ${res.statusCode} in ${Math.round(performance.now() - begun)}ms`));
}

export async function startHttpServer(options: { port: number; host: string; dev: boolean; dir: string }) {
  const app = next({ dev: options.dev, dir: options.dir, hostname: options.host, port: options.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const origin = (req: IncomingMessage) => `http://${req.headers.host ?? `localhost:${options.port}`}`;
  const entry = new AppEntry(options);

  // The router of the entry Next has now: built once in production; in development rebuilt when a
  // request finds that Next evaluated a new entry (an edit was compiled).
  type Routers = { entry: ServerEntry; api: ApiRouter; public: PublicRouter };
  let router: Routers | null = null;
  const currentRouter = async () => {
    const loaded = await entry.load();
    if (router?.entry.routes !== loaded.routes || router.entry.publicRoutes !== loaded.publicRoutes)
      router = { entry: loaded, api: createApiRouter(loaded.routes, origin), public: createPublicRouter(loaded.publicRoutes, origin) };
    return router;
  };
  let ready: Routers | null = null;

  const serve = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    if (isApiPath(pathname)) {
      if (ready) return ready.api.serve(req, res);
      if (options.dev) logRequest(req, res);
      // In development, for every request: Next compiles what changed first.
      currentRouter().then(
        ({ api }) => api.serve(req, res),
        (error: unknown) => internalError(res, error),
      );
      return;
    }
    if (undecodable(pathname)) return badPath(res);
    const toNext = () => void handle(req, res).catch((error) => internalError(res, error));
    if (isPublicPath(pathname)) {
      if (ready) return ready.public.serve(req, res, pathname) || toNext();
      currentRouter().then(
        (routers) => {
          if (!routers.public.serve(req, res, pathname)) return toNext();
          if (options.dev) logRequest(req, res);
        },
        (error: unknown) => internalError(res, error),
      );
      return;
    }
    toNext();
  };

  // Until the app's entry is loaded and its background work started, requests wait (only the server's own
  // request for the entry passes).
  let started: Promise<void> | null = null;
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    stampPeerAddress(req);
    withDefaultHeaders(res, securityHeaders(pathname));
    if (entry.isEntryRequest(req)) {
      handle(req, res).catch((error) => internalError(res, error));
    } else if (started) {
      started.then(
        () => serve(req, res, pathname),
        (error: unknown) => internalError(res, error),
      );
    } else serve(req, res, pathname);
  });
  server.keepAliveTimeout = 65_000;

  let routes = 0;
  started = (async () => {
    // A port in use fails the start (npm start exits 1 with the reason), not an unhandled event.
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port, options.host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    const current = await currentRouter();
    if (!options.dev) ready = current;
    routes = current.api.routes;
    const loaded = current.entry;
    loaded.startBackgroundWork();
  })();
  await started;
  started = null;
  return { server, app, apiRoutes: routes };
}
