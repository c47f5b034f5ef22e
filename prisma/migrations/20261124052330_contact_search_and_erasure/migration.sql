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


-- The dashboard's contact search (lib/contacts/search-contacts.ts): FTS5 trigram indexes over the names
-- and the identifier values (substring match, case-insensitive), external content so nothing is stored
-- twice, kept in step by triggers. Written by hand: Prisma has no model for virtual tables.
-- A migration that rebuilds "Contact" or "ContactIdentifier" drops these triggers and renumbers rowids:
-- it must recreate the triggers below and run the 'rebuild' commands (lib/contacts/search-index.test.ts fails otherwise).
CREATE VIRTUAL TABLE "ContactNameSearch" USING fts5("firstName", "lastName", content='Contact', content_rowid='rowid', tokenize='trigram');
CREATE VIRTUAL TABLE "ContactIdentifierSearch" USING fts5("value", content='ContactIdentifier', content_rowid='rowid', tokenize='trigram');
INSERT INTO "ContactNameSearch"("ContactNameSearch") VALUES ('rebuild');
INSERT INTO "ContactIdentifierSearch"("ContactIdentifierSearch") VALUES ('rebuild');

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
  INSERT INTO "ContactIdentifierSearch"(rowid, "value") VALUES (new.rowid, new."value");
END;
CREATE TRIGGER "ContactIdentifier_search_delete" AFTER DELETE ON "ContactIdentifier" BEGIN
  INSERT INTO "ContactIdentifierSearch"("ContactIdentifierSearch", rowid, "value") VALUES ('delete', old.rowid, old."value");
END;
CREATE TRIGGER "ContactIdentifier_search_update" AFTER UPDATE OF "value" ON "ContactIdentifier" BEGIN
  INSERT INTO "ContactIdentifierSearch"("ContactIdentifierSearch", rowid, "value") VALUES ('delete', old.rowid, old."value");
  INSERT INTO "ContactIdentifierSearch"(rowid, "value") VALUES (new.rowid, new."value");
END;
