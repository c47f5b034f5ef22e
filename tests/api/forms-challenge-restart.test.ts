// A signup form's solved challenge is taken once, across a restart of the server too (the spent solutions
// live in the database, FormChallengeSpent, on both engines): a solution posted, the server restarted on
// the same database and secret, the same solution posted again is dropped as replayed and stores nothing.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fetchSolvedAltcha } from "../fixtures/altcha";
import { freshDatabaseUrl, startTestServer, type TestServer } from "./setup/test-server";

const SECRET = `restart-secret-${randomBytes(12).toString("hex")}`;
let server: TestServer | undefined;
let databaseUrl = "";
let cleanup: () => void = () => {};
let brandId = "";
let key = "";

async function restart() {
  await server?.stop();
  server = await startTestServer({ label: "forms-restart", databaseUrl, env: { AUTH_SECRET: SECRET } });
}

beforeAll(async () => {
  const fresh = await freshDatabaseUrl("forms-restart");
  databaseUrl = fresh.url;
  cleanup = fresh.cleanup;
  await restart();
  Object.assign(process.env, { DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET });
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const brand = await createBrand({ name: "Restart Shop", plan: "standard" });
  brandId = brand.id;
  key = (await createApiKey(brand.id, "test")).key;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await (await import("@/lib/db")).closeDatabase();
  cleanup();
});

const post = (formId: string, body: Record<string, unknown>) =>
  fetch(`${server!.baseUrl}/f/${formId}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

const identifier = async (email: string) =>
  (await import("@/lib/db")).db.contactIdentifier.findFirst({ where: { brandId, type: "email", value: email } });

it("a solution posted before a restart is dropped as replayed after it, and creates no contact", async () => {
  const created = await fetch(`${server!.baseUrl}/api/forms`, {
    method: "POST",
    headers: { "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Newsletter", doubleOptIn: false }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const form = (await created.json()) as { id: string };
  const altcha = await fetchSolvedAltcha(server!.baseUrl, form.id);

  expect((await post(form.id, { email: "before.restart@example.com", altcha })).status).toBe(200);
  expect(await identifier("before.restart@example.com")).not.toBeNull();

  await restart();
  const replayed = await post(form.id, { email: "after.restart@example.com", altcha });
  expect(replayed.status).toBe(200); // a drop is answered as a success: a bot learns nothing
  expect(await identifier("after.restart@example.com")).toBeNull();
  const figures = (
    await (
      await fetch(`${server!.baseUrl}/api/forms/${form.id}`, {
        headers: { "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
      })
    ).json()
  ).figures;
  expect(figures).toMatchObject({ submissions: 1, dropped: { "replayed-challenge": 1 } });
}, 120_000);
