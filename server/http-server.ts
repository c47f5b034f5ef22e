// Inkwell's HTTP server: Next.js for the app and API, with a few hot routes served directly.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import next from "next";
import { matchFastRoute } from "./fast-routes";
import { guardRequest, internalErrorResponse } from "./request-guard";
import { REPLY } from "@/lib/http/route";
import { sendResult, sendWebResponse, toFastRequest } from "./web-bridge";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
// Next's own response compression (the `compression` middleware it applies when `compress` is on, the
// default), so a fast route's response is encoded exactly as the same route's through Next would be.
const compress = (createRequire(import.meta.url)("next/dist/compiled/compression") as () => Middleware)();

export async function startHttpServer(options: { port: number; host: string; dev: boolean; dir: string }) {
  const app = next({ dev: options.dev, dir: options.dir, hostname: options.host, port: options.port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((req, res) => {
    const refused = guardRequest(req);
    if (refused) {
      void sendWebResponse(res, refused);
      return;
    }
    const path = (req.url ?? "/").split("?")[0];
    const fast = matchFastRoute(req.method, path);
    if (fast) {
      // The route's own pipeline, answering a Reply the socket takes as is (lib/http/responses.ts).
      const run = fast.route.handler[REPLY] ?? fast.route.handler;
      const serve = () =>
        toFastRequest(req, options.port)
          .then((request) => run(request, { params: Promise.resolve(fast.params) }))
          .then((result) => sendResult(res, result))
          .catch((error) => {
            console.error("fast route failed", error);
            if (!res.headersSent) void sendWebResponse(res, internalErrorResponse(req));
            else res.end();
          });
      if (fast.route.compress) compress(req, res, () => void serve());
      else void serve();
      return;
    }
    handle(req, res).catch((error) => {
      console.error("request failed", error);
      if (!res.headersSent) void sendWebResponse(res, internalErrorResponse(req));
      else res.end();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return { server, app };
}
