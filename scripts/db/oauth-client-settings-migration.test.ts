// The oauth_client_settings migration adds the per-app PKCE, client type and resource-server settings.
// Existing apps and everything hanging off them (codes, authorizations, tokens) must come through it
// unchanged on SQLite, where the migration runs the way `npm start` runs it (applyMigrations).
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./migrate";
import { databaseBefore, migrationNamed } from "./migration-fixture";

const TARGET = migrationNamed("oauth_client_settings");
const fixture = databaseBefore(TARGET);

afterAll(() => fixture.cleanup());

describe("migration oauth_client_settings (SQLite)", () => {
  it("keeps every app, code, authorization and token, with the settings at their defaults", async () => {
    const { file, sqlite } = fixture;
    const now = new Date().toISOString();
    sqlite.exec(`
      INSERT INTO "Brand" ("id", "name", "features", "updatedAt") VALUES ('b1', 'Brand', '{}', '${now}');
      INSERT INTO "User" ("id", "email", "passwordHash", "updatedAt") VALUES ('u1', 'a@example.com', 'x', '${now}');
      INSERT INTO "OAuthClient" ("id", "clientId", "secretHash", "name", "redirectUris", "scopes", "status", "ownerUserId", "contactEmail", "updatedAt")
        VALUES ('c1', 'inkc_1', 'hash', 'Shop Sync', '["https://a.example/cb"]', '["contacts.read"]', 'approved', 'u1', 'dev@a.example', '${now}');
      INSERT INTO "AuthorizationCode" ("id", "codeHash", "clientId", "userId", "brandId", "redirectUri", "scopes", "expiresAt")
        VALUES ('code1', 'codehash', 'c1', 'u1', 'b1', 'https://a.example/cb', '["contacts.read"]', '${now}');
      INSERT INTO "OAuthGrant" ("id", "clientId", "userId", "brandId", "codeId", "scopes") VALUES ('g1', 'c1', 'u1', 'b1', 'code1', '["contacts.read"]');
      INSERT INTO "OAuthToken" ("id", "grantId", "accessTokenHash", "refreshTokenHash", "scopes") VALUES ('t1', 'g1', 'ah', 'rh', '["contacts.read"]');
    `);
    sqlite.close();

    expect(await applyMigrations(`file:${file}`)).toContain(TARGET);

    const after = new Database(file, { readonly: true });
    const client = after.prepare(`SELECT * FROM "OAuthClient"`).all();
    expect(client).toEqual([
      expect.objectContaining({
        id: "c1",
        clientId: "inkc_1",
        secretHash: "hash",
        name: "Shop Sync",
        status: "approved",
        ownerUserId: "u1",
        contactEmail: "dev@a.example",
        clientType: "confidential",
        requirePkce: 0,
        resourceServer: 0,
      }),
    ]);
    expect(after.prepare(`SELECT "id" FROM "AuthorizationCode"`).all()).toEqual([{ id: "code1" }]);
    expect(after.prepare(`SELECT "id", "clientId" FROM "OAuthGrant"`).all()).toEqual([{ id: "g1", clientId: "c1" }]);
    expect(after.prepare(`SELECT "id" FROM "OAuthToken"`).all()).toEqual([{ id: "t1" }]);
    expect(after.pragma("foreign_key_check")).toEqual([]);
    after.close();
  });
});
