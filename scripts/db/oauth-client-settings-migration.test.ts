// The oauth_client_settings migration adds the per-app PKCE, client type and resource-server settings.
// Existing apps and everything hanging off them (codes, authorizations, tokens) must come through it
// unchanged on SQLite, where the migration runs the way `npm start` runs it (applyMigrations).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations } from "./migrate";

const root = path.resolve(import.meta.dirname, "../..");
const migrationsDir = path.join(root, "prisma/migrations");
const TARGET = fs.readdirSync(migrationsDir).find((name) => name.endsWith("_oauth_client_settings"))!;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-migration-"));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("migration oauth_client_settings (SQLite)", () => {
  it("keeps every app, code, authorization and token, with the settings at their defaults", async () => {
    const file = path.join(dir, "inkwell.db");
    const sqlite = new Database(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    // The database as it was before the migration: every earlier migration applied and recorded.
    sqlite.exec(`CREATE TABLE "_inkwell_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TEXT NOT NULL)`);
    for (const name of fs
      .readdirSync(migrationsDir)
      .filter((n) => n < TARGET && fs.existsSync(path.join(migrationsDir, n, "migration.sql")))
      .sort()) {
      sqlite.exec(fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8"));
      sqlite.prepare(`INSERT INTO "_inkwell_migrations" VALUES (?, ?)`).run(name, new Date().toISOString());
    }
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
