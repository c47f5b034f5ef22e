// Inkwell's HTTP server: Next.js for the app, pages and everything else, and the API (/api, /v4)
// served by server/api-router.ts with the route handlers of the same build. This file loads nothing
// of lib/ or app/ itself (type imports aside): the code of the app runs in Next's module graph only.
import http, { type IncomingMessage } from "node:http";
import next from "next";
import { loadApiRouter, type ApiRouter } from "./api-router";

/** The last-resort answer when Next itself fails on a request (its own errors are pages). */
function internalError(res: http.ServerResponse, error: unknown): void {
  console.error("request failed", error);
  if (res.headersSent) {
    res.end();
    return;
  }
  // RFC 9457's "about:blank" problem: this runs outside the app, where lib/http's problems live.
  res.writeHead(500, { "Content-Type": "application/problem+json", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ type: "about:blank", title: "Internal Server Error", status: 500 }));
}

export async function startHttpServer(options: { port: number; host: string; dev: boolean; dir: string }) {
  const app = next({ dev: options.dev, dir: options.dir, hostname: options.host, port: options.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const origin = (req: IncomingMessage) => `http://${req.headers.host ?? `localhost:${options.port}`}`;
  // In development Next compiles routes on demand, so everything goes through its router.
  const api: ApiRouter | null = options.dev ? null : await loadApiRouter(options.dir, origin);

  const server = http.createServer((req, res) => {
    if (api?.serve(req, res)) return;
    handle(req, res).catch((error) => internalError(res, error));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return { server, app, apiRoutes: api?.routes ?? 0 };
}

/**
 * Starts what the app runs beside its requests (the in-process events worker), in the app's own module
 * graph: through GET /healthz, whose handler makes sure it runs (lib/process/lifecycle.ts).
 */
export async function startBackgroundWork(port: number, host: string): Promise<void> {
  const target = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const response = await fetch(`http://${target}:${port}/healthz`, { headers: { "User-Agent": "inkwell-start" } });
  if (!response.ok) throw new Error(`the server is not healthy at start: ${response.status} ${await response.text()}`);
}
