// Inkwell's HTTP server: Next.js for the app and API, with a few hot routes served directly.
import http from "node:http";
import next from "next";
import { fastRoutes } from "./fast-routes";
import { toWebRequest, sendWebResponse } from "./web-bridge";

export async function startHttpServer(options: { port: number; host: string; dev: boolean; dir: string }) {
  const app = next({ dev: options.dev, dir: options.dir, hostname: options.host, port: options.port });
  const handle = app.getRequestHandler();
  await app.prepare();

  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    const fast = fastRoutes.find((r) => r.method === req.method && r.path === path);
    if (fast) {
      toWebRequest(req, options.port)
        .then((request) => fast.handler(request, { params: Promise.resolve({}) }))
        .then((response) => sendWebResponse(res, response))
        .catch((error) => {
          console.error("fast route failed", error);
          if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/problem+json" });
          res.end(JSON.stringify({ title: "Internal server error", status: 500 }));
        });
      return;
    }
    handle(req, res).catch((error) => {
      console.error("request failed", error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal server error");
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return { server, app };
}
