-- Planner statistics for ContactEvent (SQLite only; PostgreSQL keeps its own through autovacuum).
-- Without statistics SQLite ties (brandId, contactId, eventTime) and (brandId, eventName, eventTime) when a
-- query names both a contact and an event name (a contact's timeline filtered by name), and takes the
-- name's index: every event of that name in the brand is read to find one contact's. These figures say
-- what holds in every real brand (a contact has few events of a name, a name has many), until
-- PRAGMA optimize (lib/db/wal-checkpointer.ts) replaces them with measured ones. A database that already
-- holds events gets measured figures at once. A later migration that rebuilds ContactEvent drops these
-- rows with the table, and must write them again.
ANALYZE "ContactEvent";
INSERT INTO "sqlite_stat1" ("tbl", "idx", "stat")
SELECT 'ContactEvent', "column1", "column2" FROM (VALUES
  ('ContactEvent_brandId_contactId_eventTime_idx', '1000000 100000 10 1'),
  ('ContactEvent_brandId_eventName_eventTime_idx', '1000000 100000 10000 1'))
WHERE NOT EXISTS (SELECT 1 FROM "sqlite_stat1" WHERE "tbl" = 'ContactEvent');
