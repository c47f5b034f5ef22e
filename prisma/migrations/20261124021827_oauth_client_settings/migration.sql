-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OAuthClient" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "clientId" TEXT NOT NULL,
    "secretHash" TEXT,
    "secretIssuedAt" DATETIME,
    "name" TEXT NOT NULL,
    "redirectUris" JSONB NOT NULL,
    "scopes" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "ownerUserId" TEXT,
    "contactEmail" TEXT,
    "clientType" TEXT NOT NULL DEFAULT 'confidential',
    "requirePkce" BOOLEAN NOT NULL DEFAULT false,
    "resourceServer" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OAuthClient_ownerUserId_fkey" FOREIGN KEY ("ownerUserId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_OAuthClient" ("clientId", "contactEmail", "createdAt", "id", "name", "ownerUserId", "redirectUris", "scopes", "secretHash", "secretIssuedAt", "status", "updatedAt") SELECT "clientId", "contactEmail", "createdAt", "id", "name", "ownerUserId", "redirectUris", "scopes", "secretHash", "secretIssuedAt", "status", "updatedAt" FROM "OAuthClient";
DROP TABLE "OAuthClient";
ALTER TABLE "new_OAuthClient" RENAME TO "OAuthClient";
CREATE UNIQUE INDEX "OAuthClient_clientId_key" ON "OAuthClient"("clientId");
CREATE INDEX "OAuthClient_ownerUserId_idx" ON "OAuthClient"("ownerUserId");
CREATE INDEX "OAuthClient_status_createdAt_idx" ON "OAuthClient"("status", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

