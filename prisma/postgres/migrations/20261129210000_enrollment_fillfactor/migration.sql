-- A trigger event replaces its contact's waiting (inactivity) enrollment's trigger data, a column no index
-- holds (lib/automations/engine/on-events.ts): PostgreSQL can then update the row in place (a HOT update,
-- no new entry in the table's 7 indexes) only when the row's page has room for the new version. Pages
-- filled to the brim left room for 5,113 of 17,901 such updates in bench:automations (docs/performance.md);
-- half-filled pages keep room for the next versions, which page pruning reclaims. Applies to pages written
-- from now on. Written by hand: Prisma's schema has no storage parameters.
ALTER TABLE "AutomationEnrollment" SET (fillfactor = 50);
