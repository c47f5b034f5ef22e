// The dashboard sign-in's throttle per address counts the connection's address (lib/http/client-address.ts),
// not what the client writes in X-Forwarded-For: with no proxy trusted (the default), a password guesser who
// claims another address on every attempt is still refused after 30 failures. Its own server: the block
// (5 minutes for 127.0.0.1) would refuse every other suite's sign-in on the shared one.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./setup/test-server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ label: "login-throttle" });
}, 180_000);

afterAll(() => server?.stop());

/** One credentials sign-in (as the login page's action posts it); the code Auth.js redirects with. */
async function attempt(csrf: { token: string; cookie: string }, email: string, forwardedFor: string) {
  const res = await fetch(server.baseUrl + "/auth/callback/credentials", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrf.cookie, "X-Forwarded-For": forwardedFor },
    body: new URLSearchParams({ csrfToken: csrf.token, email, password: "not-the-password-1", callbackUrl: server.baseUrl + "/" }),
  });
  return new URL(res.headers.get("location") ?? "", server.baseUrl).searchParams.get("code");
}

it("with no proxy trusted, 30 failures from one connection block it, whatever X-Forwarded-For each claims", async () => {
  const csrfRes = await fetch(server.baseUrl + "/auth/csrf");
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const csrf = {
    token: csrfToken,
    cookie: csrfRes.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
  const run = randomBytes(4).toString("hex");
  // Another email every time (the throttle per email stays out of it) and another claimed address.
  for (let i = 1; i <= 30; i++) {
    expect(await attempt(csrf, `guess${i}-${run}@example.com`, `198.18.${i}.1`), `attempt ${i}`).toBe("credentials");
  }
  expect(await attempt(csrf, `guess31-${run}@example.com`, "198.18.31.1")).toBe("throttled");
}, 120_000);
