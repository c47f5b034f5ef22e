// The server starts its background work when it starts (server/http-server.ts), not on a request: a
// server nobody asked /healthz processes the events it accepts.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createBrandAndKey } from "../../scripts/bench/bench-helpers";
import { eventBody } from "../../scripts/bench/event-bodies";
import { serverEnv, startTestServer, type TestServer } from "./setup/test-server";
import { VERSION } from "./helpers";

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ label: "start", readyPath: "/api/openapi.json" });
  key = createBrandAndKey(server.databaseUrl).key;
}, 180_000);

afterAll(() => server?.stop());

it("processes an accepted event without /healthz ever being asked", async () => {
  const headers = { "Content-Type": "application/json", "Service-Version": VERSION, Authorization: `Service-API-Key ${key}` };
  const sent = await fetch(`${server.baseUrl}/api/events`, {
    method: "POST",
    headers,
    body: JSON.stringify(eventBody(1)),
  });
  expect(sent.status, await sent.clone().text()).toBe(202);
  const { id } = await sent.json();
  let status = "pending";
  for (const deadline = Date.now() + 60_000; status === "pending" && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await fetch(`${server.baseUrl}/api/event-log/${id}`, { headers });
    status = (await res.json()).status;
  }
  expect(status).toBe("done");
  expect(server.logs()).not.toContain("/healthz");
}, 120_000);

it("exits 1 with the reason when its port is in use (a supervisor sees the failure)", async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: root,
    env: serverEnv({ ...server, port: new URL(server.baseUrl).port }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code, output).toBe(1);
  expect(output).toContain("EADDRINUSE");
  expect(output).not.toContain("Inkwell is running");
}, 120_000);
