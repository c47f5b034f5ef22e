// The public router (app/public-routes.ts): it takes a path and method only where a route file serves them
// with a handler of lib/http, with Next's precedence among the routes; everything else is left to Next.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Reply } from "@/lib/http/responses";
import type { ReplyHandler } from "@/lib/process/server-entry";
import { createPublicRouter } from "./api-router";

/** A handler of lib/http's shape: a function with its reply form. */
const served = (name: string) =>
  Object.assign(() => undefined, {
    reply: (async (request, { params }) =>
      new Reply(200, JSON.stringify({ name, method: request.method, params: await params }), {
        "Content-Type": "application/json",
      })) as ReplyHandler,
  });
const nextOnly = async () => new Response("next");

const router = createPublicRouter(
  [
    ["/f/[formID]", { GET: nextOnly, POST: served("submission"), OPTIONS: served("preflight") }],
    ["/f/[formID]/challenge", { GET: served("challenge") }],
    ["/f/confirm/[token]", { GET: nextOnly, POST: nextOnly }],
  ],
  () => "http://localhost",
);

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (router.serve(req, res, pathname)) return;
    res.writeHead(299, { "Content-Type": "text/plain" });
    res.end("left to Next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the public router", () => {
  it("serves the methods built with handler(), with the path's parameters decoded", async () => {
    const res = await fetch(`${base}/f/ab%2Dc?x=1`, { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "submission", method: "POST", params: { formID: "ab-c" } });
    expect(await (await fetch(`${base}/f/abc`, { method: "OPTIONS" })).json()).toMatchObject({ name: "preflight" });
    expect(await (await fetch(`${base}/f/abc/challenge`)).json()).toMatchObject({ name: "challenge", params: { formID: "abc" } });
  });

  it("leaves to Next what no handler of its own serves: the hosted page, HEAD, other paths", async () => {
    for (const [path, method] of [
      ["/f/abc", "GET"],
      ["/f/abc", "HEAD"],
      ["/f/abc/challenge", "POST"],
      ["/f/abc/embed.js", "GET"],
      ["/f/abc/challenge/more", "GET"],
      ["/f/%ff", "POST"],
    ]) {
      const res = await fetch(`${base}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(299);
    }
  });

  it("gives a static segment precedence, as Next does: /f/confirm/challenge is the confirmation's", async () => {
    // /f/[formID]/challenge would take it with formID "confirm"; Next routes it to /f/confirm/[token].
    const res = await fetch(`${base}/f/confirm/challenge`);
    expect(res.status).toBe(299);
  });
});
