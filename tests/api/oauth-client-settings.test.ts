// The operator's per-app settings: requiring PKCE (the operator commands, the authorization and token
// endpoints, public apps) and how the operator page shows them.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { db } from "@/lib/db";
import { adminCommands } from "@/lib/admin/commands";
import { updateClientSettings } from "@/lib/oauth/clients";
import { createSession, createTestBrand } from "./helpers";
import {
  authorize,
  authorizePath,
  createTestClient,
  exchangeCode,
  expectOAuthError,
  get,
  pkcePair,
  type TestClient,
} from "./oauth-helpers";

let session: { cookie: string; userId: string };

beforeAll(async () => {
  session = await createSession((await createTestBrand()).brandId);
});

async function adminCreateClient(...flags: [string, string | boolean][]): Promise<TestClient> {
  const redirectUri = `https://pkce-${randomBytes(3).toString("hex")}.example/cb`;
  const out = await adminCommands["create-oauth-client"].run({
    name: "PKCE app",
    "redirect-uri": [redirectUri],
    ...Object.fromEntries(flags),
  });
  return { clientId: out.clientID as string, clientSecret: out.clientSecret as string, redirectUri };
}

/** The redirect an authorization request without PKCE gets. */
async function withoutPkce(client: TestClient): Promise<URL> {
  const res = await get(
    authorizePath({
      response_type: "code",
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: "contacts.read",
      state: "p1",
    }),
    session.cookie,
  );
  expect([200, 307]).toContain(res.status);
  return new URL(res.headers.get("location") ?? "about:consent-page");
}

function expectPkceRequired(location: URL) {
  expect(location.searchParams.get("error")).toBe("invalid_request");
  expect(location.searchParams.get("error_description")).toContain("code challenge required");
  expect(location.searchParams.get("state")).toBe("p1");
}

describe("an app that must use PKCE", () => {
  it("create-oauth-client --require-pkce: a request without code_challenge is refused (RFC 7636 section 4.4.1), one with it works", async () => {
    const client = await adminCreateClient(["require-pkce", true]);
    expectPkceRequired(await withoutPkce(client));
    const { verifier, challenge } = pkcePair();
    const params = await authorize(client, session.cookie, { challenge, scope: "contacts.read" });
    expect((await exchangeCode(client, params.get("code")!, { code_verifier: verifier })).status).toBe(200);
  });

  it("update-oauth-client --require-pkce turns the rule on and off", async () => {
    const client = await adminCreateClient();
    expect((await withoutPkce(client)).href).toBe("about:consent-page");
    const on = await adminCommands["update-oauth-client"].run({ client: client.clientId, "require-pkce": "true" });
    expect(on).toEqual({ clientID: client.clientId, requirePkce: true, resourceServer: false });
    expectPkceRequired(await withoutPkce(client));
    await adminCommands["update-oauth-client"].run({ client: client.clientId, "require-pkce": "off" });
    expect((await withoutPkce(client)).href).toBe("about:consent-page");
  });

  it("update-oauth-client refuses a bad value, no setting at all, and an unknown app", async () => {
    const client = await adminCreateClient();
    await expect(adminCommands["update-oauth-client"].run({ client: client.clientId, "require-pkce": "maybe" })).rejects.toThrow(ZodError);
    await expect(adminCommands["update-oauth-client"].run({ client: client.clientId })).rejects.toThrow(
      /--require-pkce or --resource-server/,
    );
    await expect(adminCommands["update-oauth-client"].run({ client: "inkc_nope", "require-pkce": "true" })).rejects.toThrow(
      /No OAuth client/,
    );
  });

  it("a code issued without PKCE is not redeemed once the operator requires PKCE", async () => {
    const client = await createTestClient();
    const params = await authorize(client, session.cookie, { scope: "contacts.read" });
    await updateClientSettings(client.clientId, { requirePkce: true });
    const body = await expectOAuthError(await exchangeCode(client, params.get("code")!), 400, "invalid_grant");
    expect(body.error_description).toContain("PKCE");
  });

  it("a public app always needs PKCE, whatever the operator setting", async () => {
    const client = await createTestClient();
    await db.oAuthClient.update({ where: { clientId: client.clientId }, data: { clientType: "public", requirePkce: false } });
    expectPkceRequired(await withoutPkce(client));
    const out = await updateClientSettings(client.clientId, { requirePkce: false });
    expect(out.pkceRequired).toBe(true);
    expectPkceRequired(await withoutPkce(client));
  });
});

describe("the operator page", () => {
  it("shows each app's PKCE and introspection settings with the buttons that change them", async () => {
    const operator = await createSession((await createTestBrand()).brandId);
    await db.user.update({ where: { id: operator.userId }, data: { isOperator: true } });
    const strict = await adminCreateClient(["require-pkce", true], ["resource-server", true]);
    await db.oAuthClient.update({ where: { clientId: strict.clientId }, data: { name: "Strict settings app" } });
    await createTestClient({ name: "Relaxed settings app" });
    const res = await get("/operator/oauth-clients", operator.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Make PKCE optional for Strict settings app");
    expect(html).toContain("Limit introspection to its own tokens for Strict settings app");
    expect(html).toContain("Require PKCE for Relaxed settings app");
    expect(html).toContain("Let it introspect any access token for Relaxed settings app");
  });

  it("create-oauth-client --resource-server registers a service that may introspect", async () => {
    const service = await adminCreateClient(["resource-server", true]);
    const row = await db.oAuthClient.findUniqueOrThrow({
      where: { clientId: service.clientId },
      select: { resourceServer: true, requirePkce: true },
    });
    expect(row).toEqual({ resourceServer: true, requirePkce: false });
  });
});
