-- AlterTable
ALTER TABLE "Contact" ADD COLUMN "lastDetectedCity" TEXT;
ALTER TABLE "Contact" ADD COLUMN "lastDetectedCountry" TEXT;

-- AlterTable
ALTER TABLE "ContactIdentifier" ADD COLUMN "source" TEXT;

-- CreateTable
CREATE TABLE "ContactConsent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "ContactConsent_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ContactTagJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "tags" JSONB NOT NULL,
    "segmentId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "total" INTEGER,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "lastId" TEXT NOT NULL,
    "claimedUntil" DATETIME,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    CONSTRAINT "ContactTagJob_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventMetadata" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "properties" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "EventMetadata_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable
-- Written by hand instead of Prisma's RedefineTables (copy, DROP, RENAME): adding columns with constant
-- defaults needs no rebuild (see 20261124021827_oauth_client_settings).
ALTER TABLE "Segment" ADD COLUMN "buildStartedAt" DATETIME;
ALTER TABLE "Segment" ADD COLUMN "contactsCount" INTEGER;
ALTER TABLE "Segment" ADD COLUMN "countedAt" DATETIME;
ALTER TABLE "Segment" ADD COLUMN "isStarred" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Segment" ADD COLUMN "archivedAt" DATETIME;

-- CreateIndex
CREATE INDEX "ContactConsent_contactId_createdAt_idx" ON "ContactConsent"("contactId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactTagJob_status_createdAt_idx" ON "ContactTagJob"("status", "createdAt");

-- CreateIndex
CREATE INDEX "ContactTagJob_brandId_createdAt_idx" ON "ContactTagJob"("brandId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EventMetadata_brandId_name_origin_key" ON "EventMetadata"("brandId", "name", "origin");


-- Data: every stored record that changes shape (scripts/db tests: tests/api/audience-migration.test.ts).

-- The last detected city and country start as the ones the contact has.
UPDATE "Contact" SET "lastDetectedCity" = NULLIF("city", ''), "lastDetectedCountry" = COALESCE(NULLIF("country", ''), NULLIF("countryCode", ''));

-- Consent history: the consent each identifier holds becomes the contact's first consents[] entry.
INSERT INTO "ContactConsent" ("id", "brandId", "contactId", "channel", "source", "ip", "userAgent", "createdAt")
SELECT i."id", i."brandId", i."contactId", CASE i."type" WHEN 'email' THEN 'email' ELSE 'sms' END,
       COALESCE(json_extract(i."consent", '$.source'), 'api'), json_extract(i."consent", '$.ip'), json_extract(i."consent", '$.userAgent'),
       COALESCE(REPLACE(json_extract(i."consent", '$.createdAt'), 'Z', '+00:00'), i."createdAt")
FROM "ContactIdentifier" i
WHERE i."consent" IS NOT NULL AND json_valid(i."consent") AND json_type(i."consent") = 'object';

-- Segment conditions: the type-discriminated conditions become the published {entity, junction, filters}
-- model, one filter per condition, meaning the same (lib/segments/conditions.ts names the extras kept
-- for them: countryCode, dateUpdated, RFC 3339 times). json_patch('{}', x) drops the members that are null.
UPDATE "Segment" SET "conditionGroups" = (
  SELECT json_group_array(json_object('conditions', (
    SELECT json_group_array(json(CASE json_extract(c.value, '$.type')
      WHEN 'status' THEN json_object('entity', 'contact', 'junction', 'and', 'filters', json_array(json_object(
        'property', 'subscriptionStatus', 'channels', json_array(json_extract(c.value, '$.channel')),
        'operator', CASE json_extract(c.value, '$.operator') WHEN 'is' THEN 'equals' ELSE 'notEquals' END,
        'value', json_extract(c.value, '$.value'))))
      WHEN 'tag' THEN json_object('entity', 'contact', 'junction', 'and', 'filters', json_array(json_object(
        'property', 'tags', 'operator', CASE json_extract(c.value, '$.operator') WHEN 'has' THEN 'anyOf' ELSE 'noneOf' END,
        'value', json_array(json_extract(c.value, '$.value')))))
      WHEN 'profile' THEN json_object('entity', 'contact', 'junction', 'and', 'filters', json_array(json_patch('{}', json_object(
        'property', CASE json_extract(c.value, '$.field') WHEN 'birthdate' THEN 'birthday' ELSE json_extract(c.value, '$.field') END,
        'valueType', CASE json_extract(c.value, '$.field') WHEN 'birthdate' THEN 'text' END,
        'operator', CASE json_extract(c.value, '$.operator') WHEN 'notExists' THEN 'doesNotExist' ELSE json_extract(c.value, '$.operator') END,
        'value', CASE WHEN json_extract(c.value, '$.operator') IN ('exists', 'notExists') THEN NULL ELSE json_array(json_extract(c.value, '$.value')) END))))
      WHEN 'customProperty' THEN json_object('entity', 'contact', 'junction', 'and', 'filters', json_array(json_patch('{}', json_object(
        'property', 'custom', 'name', json_extract(c.value, '$.key'),
        'valueType', CASE json_type(c.value, '$.value') WHEN 'integer' THEN 'number' WHEN 'real' THEN 'number' WHEN 'true' THEN 'bool' WHEN 'false' THEN 'bool'
                       ELSE CASE WHEN json_extract(c.value, '$.operator') IN ('gt', 'gte', 'lt', 'lte') THEN 'number' ELSE 'text' END END,
        'operator', CASE json_extract(c.value, '$.operator') WHEN 'gt' THEN 'moreThan' WHEN 'gte' THEN 'moreThanOrEquals' WHEN 'lt' THEN 'lessThan'
                      WHEN 'lte' THEN 'lessThanOrEquals' WHEN 'notExists' THEN 'doesNotExist' ELSE json_extract(c.value, '$.operator') END,
        'value', CASE WHEN json_extract(c.value, '$.operator') IN ('exists', 'notExists') THEN NULL
                      WHEN json_type(c.value, '$.value') = 'text' THEN json_array(json_extract(c.value, '$.value'))
                      ELSE json(c.value -> '$.value') END))))
      WHEN 'date' THEN json_object('entity', 'contact', 'junction', 'and', 'filters', json_array(json_patch('{}', json_object(
        'property', CASE json_extract(c.value, '$.field') WHEN 'updatedAt' THEN 'dateUpdated' ELSE 'dateAdded' END,
        'operator', CASE json_extract(c.value, '$.operator') WHEN 'withinLastDays' THEN 'inTheLast' ELSE json_extract(c.value, '$.operator') END,
        'unit', CASE json_extract(c.value, '$.operator') WHEN 'withinLastDays' THEN 'days' END,
        'value', json(c.value -> '$.value')))))
      WHEN 'event' THEN json_object('entity', 'event', 'junction', 'and', 'filters', json_array(json_patch('{}', json_object(
        'name', json_extract(c.value, '$.eventName'),
        'operator', CASE json_extract(c.value, '$.operator') WHEN 'did' THEN 'has' ELSE 'hasNot' END,
        'count', 'atLeast',
        'value', COALESCE(json_extract(c.value, '$.atLeast'), 1),
        'period', json(CASE WHEN json_extract(c.value, '$.withinLastDays') IS NULL THEN NULL
                            ELSE json_object('operator', 'inTheLast', 'unit', 'days', 'value', json_extract(c.value, '$.withinLastDays')) END)))))
    END))
    FROM json_each(g.value, '$.conditions') c
  )))
  FROM json_each("Segment"."conditionGroups") g
)
WHERE EXISTS (
  SELECT 1 FROM json_each("Segment"."conditionGroups") g, json_each(g.value, '$.conditions') c WHERE json_extract(c.value, '$.type') IS NOT NULL
);
