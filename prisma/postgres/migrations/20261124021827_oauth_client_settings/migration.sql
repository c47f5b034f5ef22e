-- AlterTable
ALTER TABLE "OAuthClient" ADD COLUMN     "clientType" TEXT NOT NULL DEFAULT 'confidential',
ADD COLUMN     "requirePkce" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "resourceServer" BOOLEAN NOT NULL DEFAULT false;

