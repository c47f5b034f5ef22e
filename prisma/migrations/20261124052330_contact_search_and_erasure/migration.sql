-- CreateTable
CREATE TABLE "ContactErasure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "erasedBy" TEXT NOT NULL,
    "identifiers" INTEGER NOT NULL,
    "events" INTEGER NOT NULL,
    "erasedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "ContactErasure_brandId_erasedAt_idx" ON "ContactErasure"("brandId", "erasedAt");


-- The dashboard's contact search (lib/contacts/search-contacts.ts): FTS5 word-prefix indexes (unicode61,
-- diacritics folded, prefix indexes for 2 and 3 characters) over the names and the identifier values.
-- Contentless (nothing stored twice) and kept in step by triggers, which also index a phone number
-- without its country code (1 to 3 digits), so "415 555" finds +14155552671. Written by hand: Prisma has
-- no model for virtual tables. The rows are keyed by the tables' rowids: a migration that rebuilds
-- "Contact" or "ContactIdentifier" (Prisma's redefine) drops these triggers and renumbers rowids, so it
-- must recreate them and refill the index (scripts/db/search-index.test.ts fails when the triggers are gone).
CREATE VIRTUAL TABLE "ContactNameSearch" USING fts5("firstName", "lastName", content='', tokenize="unicode61 remove_diacritics 2", prefix='2 3');
CREATE VIRTUAL TABLE "ContactIdentifierSearch" USING fts5("value", content='', tokenize="unicode61 remove_diacritics 2", prefix='2 3');
INSERT INTO "ContactNameSearch"(rowid, "firstName", "lastName") SELECT rowid, "firstName", "lastName" FROM "Contact";
INSERT INTO "ContactIdentifierSearch"(rowid, "value")
  SELECT rowid, CASE WHEN "type" = 'phone' THEN "value" || ' ' || substr("value", 3) || ' ' || substr("value", 4) || ' ' || substr("value", 5) ELSE "value" END FROM "ContactIdentifier";

CREATE TRIGGER "Contact_search_insert" AFTER INSERT ON "Contact" BEGIN
  INSERT INTO "ContactNameSearch"(rowid, "firstName", "lastName") VALUES (new.rowid, new."firstName", new."lastName");
END;
CREATE TRIGGER "Contact_search_delete" AFTER DELETE ON "Contact" BEGIN
  INSERT INTO "ContactNameSearch"("ContactNameSearch", rowid, "firstName", "lastName") VALUES ('delete', old.rowid, old."firstName", old."lastName");
END;
CREATE TRIGGER "Contact_search_update" AFTER UPDATE OF "firstName", "lastName" ON "Contact" BEGIN
  INSERT INTO "ContactNameSearch"("ContactNameSearch", rowid, "firstName", "lastName") VALUES ('delete', old.rowid, old."firstName", old."lastName");
  INSERT INTO "ContactNameSearch"(rowid, "firstName", "lastName") VALUES (new.rowid, new."firstName", new."lastName");
END;
CREATE TRIGGER "ContactIdentifier_search_insert" AFTER INSERT ON "ContactIdentifier" BEGIN
  INSERT INTO "ContactIdentifierSearch"(rowid, "value")
    VALUES (new.rowid, CASE WHEN new."type" = 'phone' THEN new."value" || ' ' || substr(new."value", 3) || ' ' || substr(new."value", 4) || ' ' || substr(new."value", 5) ELSE new."value" END);
END;
CREATE TRIGGER "ContactIdentifier_search_delete" AFTER DELETE ON "ContactIdentifier" BEGIN
  INSERT INTO "ContactIdentifierSearch"("ContactIdentifierSearch", rowid, "value")
    VALUES ('delete', old.rowid, CASE WHEN old."type" = 'phone' THEN old."value" || ' ' || substr(old."value", 3) || ' ' || substr(old."value", 4) || ' ' || substr(old."value", 5) ELSE old."value" END);
END;
CREATE TRIGGER "ContactIdentifier_search_update" AFTER UPDATE OF "type", "value" ON "ContactIdentifier" BEGIN
  INSERT INTO "ContactIdentifierSearch"("ContactIdentifierSearch", rowid, "value")
    VALUES ('delete', old.rowid, CASE WHEN old."type" = 'phone' THEN old."value" || ' ' || substr(old."value", 3) || ' ' || substr(old."value", 4) || ' ' || substr(old."value", 5) ELSE old."value" END);
  INSERT INTO "ContactIdentifierSearch"(rowid, "value")
    VALUES (new.rowid, CASE WHEN new."type" = 'phone' THEN new."value" || ' ' || substr(new."value", 3) || ' ' || substr(new."value", 4) || ' ' || substr(new."value", 5) ELSE new."value" END);
END;
