-- AlterTable
ALTER TABLE "Contact" ADD COLUMN     "lastDetectedCity" TEXT,
ADD COLUMN     "lastDetectedCountry" TEXT;

-- AlterTable
ALTER TABLE "ContactIdentifier" ADD COLUMN     "source" TEXT;

-- AlterTable
ALTER TABLE "Segment" ADD COLUMN     "archivedAt" TIMESTAMP(3),
ADD COLUMN     "buildStartedAt" TIMESTAMP(3),
ADD COLUMN     "contactsCount" INTEGER,
ADD COLUMN     "countedAt" TIMESTAMP(3),
ADD COLUMN     "isStarred" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "ContactConsent" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ContactConsent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactTagJob" (
    "id" TEXT NOT NULL,
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
    "claimedUntil" TIMESTAMP(3),
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ContactTagJob_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventMetadata" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "properties" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EventMetadata_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContactConsent_contactId_createdAt_idx" ON "ContactConsent"("contactId", "createdAt");

-- CreateIndex
CREATE INDEX "ContactTagJob_status_createdAt_idx" ON "ContactTagJob"("status", "createdAt");

-- CreateIndex
CREATE INDEX "ContactTagJob_brandId_createdAt_idx" ON "ContactTagJob"("brandId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EventMetadata_brandId_name_origin_key" ON "EventMetadata"("brandId", "name", "origin");

-- AddForeignKey
ALTER TABLE "ContactConsent" ADD CONSTRAINT "ContactConsent_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ContactTagJob" ADD CONSTRAINT "ContactTagJob_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventMetadata" ADD CONSTRAINT "EventMetadata_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Data: every stored record that changes shape (tests/api/audience-migration.test.ts).

-- The last detected city and country start as the ones the contact has.
UPDATE "Contact" SET "lastDetectedCity" = NULLIF("city", ''), "lastDetectedCountry" = COALESCE(NULLIF("country", ''), NULLIF("countryCode", ''));

-- Consent history: the consent each identifier holds becomes the contact's first consents[] entry.
INSERT INTO "ContactConsent" ("id", "brandId", "contactId", "channel", "source", "ip", "userAgent", "createdAt")
SELECT i."id", i."brandId", i."contactId", CASE i."type" WHEN 'email' THEN 'email' ELSE 'sms' END,
       COALESCE(i."consent" ->> 'source', 'api'), i."consent" ->> 'ip', i."consent" ->> 'userAgent',
       COALESCE(((i."consent" ->> 'createdAt')::timestamptz AT TIME ZONE 'UTC'), i."createdAt")
FROM "ContactIdentifier" i
WHERE jsonb_typeof(i."consent") = 'object';

-- Segment conditions: the type-discriminated conditions become the published {entity, junction, filters}
-- model, one filter per condition, meaning the same (lib/segments/conditions.ts names the extras kept
-- for them: countryCode, dateUpdated, RFC 3339 times). jsonb_strip_nulls drops the members that are null.
UPDATE "Segment" s SET "conditionGroups" = (
  SELECT jsonb_agg(jsonb_build_object('conditions', (
    SELECT jsonb_agg(CASE c.v ->> 'type'
      WHEN 'status' THEN jsonb_build_object('entity', 'contact', 'junction', 'and', 'filters', jsonb_build_array(jsonb_build_object(
        'property', 'subscriptionStatus', 'channels', jsonb_build_array(c.v -> 'channel'),
        'operator', CASE c.v ->> 'operator' WHEN 'is' THEN 'equals' ELSE 'notEquals' END,
        'value', c.v -> 'value')))
      WHEN 'tag' THEN jsonb_build_object('entity', 'contact', 'junction', 'and', 'filters', jsonb_build_array(jsonb_build_object(
        'property', 'tags', 'operator', CASE c.v ->> 'operator' WHEN 'has' THEN 'anyOf' ELSE 'noneOf' END,
        'value', jsonb_build_array(c.v -> 'value'))))
      WHEN 'profile' THEN jsonb_build_object('entity', 'contact', 'junction', 'and', 'filters', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
        'property', CASE c.v ->> 'field' WHEN 'birthdate' THEN 'birthday' ELSE c.v ->> 'field' END,
        'valueType', CASE c.v ->> 'field' WHEN 'birthdate' THEN 'text' END,
        'operator', CASE c.v ->> 'operator' WHEN 'notExists' THEN 'doesNotExist' ELSE c.v ->> 'operator' END,
        'value', CASE WHEN c.v ->> 'operator' IN ('exists', 'notExists') THEN NULL ELSE jsonb_build_array(c.v -> 'value') END))))
      WHEN 'customProperty' THEN jsonb_build_object('entity', 'contact', 'junction', 'and', 'filters', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
        'property', 'custom', 'name', c.v ->> 'key',
        'valueType', CASE jsonb_typeof(c.v -> 'value') WHEN 'number' THEN 'number' WHEN 'boolean' THEN 'bool'
                       ELSE CASE WHEN c.v ->> 'operator' IN ('gt', 'gte', 'lt', 'lte') THEN 'number' ELSE 'text' END END,
        'operator', CASE c.v ->> 'operator' WHEN 'gt' THEN 'moreThan' WHEN 'gte' THEN 'moreThanOrEquals' WHEN 'lt' THEN 'lessThan'
                      WHEN 'lte' THEN 'lessThanOrEquals' WHEN 'notExists' THEN 'doesNotExist' ELSE c.v ->> 'operator' END,
        'value', CASE WHEN c.v ->> 'operator' IN ('exists', 'notExists') THEN NULL
                      WHEN jsonb_typeof(c.v -> 'value') = 'string' THEN jsonb_build_array(c.v -> 'value')
                      ELSE c.v -> 'value' END))))
      WHEN 'date' THEN jsonb_build_object('entity', 'contact', 'junction', 'and', 'filters', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
        'property', CASE c.v ->> 'field' WHEN 'updatedAt' THEN 'dateUpdated' ELSE 'dateAdded' END,
        'operator', CASE c.v ->> 'operator' WHEN 'withinLastDays' THEN 'inTheLast' ELSE c.v ->> 'operator' END,
        'unit', CASE c.v ->> 'operator' WHEN 'withinLastDays' THEN 'days' END,
        'value', c.v -> 'value'))))
      WHEN 'event' THEN jsonb_build_object('entity', 'event', 'junction', 'and', 'filters', jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
        'name', c.v ->> 'eventName',
        'operator', CASE c.v ->> 'operator' WHEN 'did' THEN 'has' ELSE 'hasNot' END,
        'count', 'atLeast',
        'value', COALESCE(c.v -> 'atLeast', '1'::jsonb),
        'period', CASE WHEN c.v -> 'withinLastDays' IS NULL THEN NULL
                       ELSE jsonb_build_object('operator', 'inTheLast', 'unit', 'days', 'value', c.v -> 'withinLastDays') END))))
    END ORDER BY c.n)
    FROM jsonb_array_elements(g.v -> 'conditions') WITH ORDINALITY AS c(v, n)
  )) ORDER BY g.n)
  FROM jsonb_array_elements(s."conditionGroups") WITH ORDINALITY AS g(v, n)
)
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements(s."conditionGroups") g(v), jsonb_array_elements(g.v -> 'conditions') c(v) WHERE jsonb_exists(c.v, 'type')
);
