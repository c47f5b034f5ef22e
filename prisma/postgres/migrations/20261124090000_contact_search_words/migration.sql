-- The dashboard's contact search on PostgreSQL becomes word-prefix search, as on SQLite (FTS5): the
-- trigram indexes could not narrow a two-letter prefix ("zz": a sequential scan) nor text every row
-- holds ("@example.com"), which set the search's p99 (issue 18). A GIN index over the words of the
-- name and of each identifier value answers "words starting with" (to_tsquery 'ava:*') like FTS5's
-- prefix phrases. Punctuation splits words (an email is its parts), accents fold (unaccent, as FTS5's
-- remove_diacritics), and a phone number is also indexed without its 1-3 digit country code, exactly
-- as the SQLite triggers do. Both expressions are repeated verbatim in lib/contacts/search-contacts.ts:
-- PostgreSQL uses an expression index only for the same expression. unaccent is a trusted contrib
-- extension (PostgreSQL 13+), so the database owner can create it. Written by hand: Prisma has no
-- expression indexes nor text search configurations.
DROP INDEX IF EXISTS "Contact_name_trgm_idx";
DROP INDEX IF EXISTS "ContactIdentifier_value_trgm_idx";
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE TEXT SEARCH CONFIGURATION inkwell_words (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION inkwell_words
  ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart
  WITH unaccent, simple;
CREATE INDEX "Contact_name_words_idx" ON "Contact" USING gin (
  to_tsvector('inkwell_words', regexp_replace(coalesce("firstName", '') || ' ' || coalesce("lastName", ''), '[[:punct:][:space:]]+', ' ', 'g'))
);
CREATE INDEX "ContactIdentifier_value_words_idx" ON "ContactIdentifier" USING gin (
  to_tsvector('inkwell_words', regexp_replace(CASE WHEN "type" = 'phone' THEN "value" || ' ' || substr("value", 3) || ' ' || substr("value", 4) || ' ' || substr("value", 5) ELSE "value" END, '[[:punct:][:space:]]+', ' ', 'g'))
);
