-- AlterTable
-- Written by hand instead of Prisma's generated RedefineTables (copy into new_OAuthClient, DROP, RENAME): the
-- migration runner applies each migration inside a transaction, where SQLite ignores PRAGMA foreign_keys=OFF,
-- so dropping the old table cascaded and deleted every authorization code, grant and token
-- (scripts/db/oauth-client-settings-migration.test.ts). Adding columns with constant defaults needs no rebuild.
ALTER TABLE "OAuthClient" ADD COLUMN "clientType" TEXT NOT NULL DEFAULT 'confidential';
ALTER TABLE "OAuthClient" ADD COLUMN "requirePkce" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "OAuthClient" ADD COLUMN "resourceServer" BOOLEAN NOT NULL DEFAULT false;
