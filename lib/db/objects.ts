// Database objects written by hand in the migrations, which Prisma's schema cannot describe: it neither
// creates them from prisma/schema nor sees them when it writes a migration. A migration that rebuilds
// their table (Prisma's SQLite "redefine": copy, DROP, rename) or that was diffed from a live database
// drops them silently, and the code that relies on them still works, only slowly or wrongly. Every such
// object is listed here, with a query that finds it; scripts/db/objects.test.ts migrates an empty
// database of each engine and fails when one is missing. Add yours when a migration creates one.
import type { SqlKind } from "./dialect";

export type HandWrittenObject = {
  engine: SqlKind;
  /** what it is, and its name */
  kind: string;
  name: string;
  /** the migration that creates it (and that a rebuild must repeat) */
  migration: string;
  /** who relies on it */
  usedBy: string;
  /** a query (no parameters) that returns at least one row when the object exists */
  exists: string;
};

const sqliteTable = (name: string) => `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '${name}'`;
const sqliteTrigger = (name: string, table: string) =>
  `SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = '${name}' AND tbl_name = '${table}'`;
const pgIndex = (name: string, table: string) => `SELECT 1 FROM pg_indexes WHERE indexname = '${name}' AND tablename = '${table}'`;

const SEARCH = "20261124052330_contact_search_and_erasure";
const SEARCH_USERS = "contact search (lib/db/word-search.ts)";

export const HAND_WRITTEN_OBJECTS: readonly HandWrittenObject[] = [
  // SQLite: the contact search's FTS5 tables (contentless, keyed by the tables' rowids) and the triggers
  // that keep them in step with "Contact" and "ContactIdentifier" (dropped with their table).
  ...["ContactNameSearch", "ContactIdentifierSearch"].map((name) => ({
    engine: "sqlite" as const,
    kind: "FTS5 table",
    name,
    migration: SEARCH,
    usedBy: SEARCH_USERS,
    exists: sqliteTable(name),
  })),
  ...(["Contact", "ContactIdentifier"] as const).flatMap((table) =>
    ["insert", "update", "delete"].map((event) => ({
      engine: "sqlite" as const,
      kind: "trigger",
      name: `${table}_search_${event}`,
      migration: SEARCH,
      usedBy: `${SEARCH_USERS}: keeps the FTS5 table in step with "${table}"`,
      exists: sqliteTrigger(`${table}_search_${event}`, table),
    })),
  ),
  // SQLite: starting planner statistics for ContactEvent's two indexes (deleted with the table).
  ...["ContactEvent_brandId_contactId_eventTime_idx", "ContactEvent_brandId_eventName_eventTime_idx"].map((index) => ({
    engine: "sqlite" as const,
    kind: "planner statistics (sqlite_stat1)",
    name: index,
    migration: "20261126050000_contact_event_planner_stats",
    usedBy: "a contact's event timeline filtered by name (scripts/db/planner-stats.test.ts)",
    exists: `SELECT 1 FROM sqlite_stat1 WHERE tbl = 'ContactEvent' AND idx = '${index}'`,
  })),
  // PostgreSQL: the contact search's words, GIN indexes over expressions the query repeats verbatim.
  {
    engine: "postgres",
    kind: "extension",
    name: "unaccent",
    migration: "20261124090000_contact_search_words",
    usedBy: `${SEARCH_USERS}: folds accents`,
    exists: `SELECT 1 FROM pg_extension WHERE extname = 'unaccent'`,
  },
  {
    engine: "postgres",
    kind: "text search configuration",
    name: "inkwell_words",
    migration: "20261124090000_contact_search_words",
    usedBy: SEARCH_USERS,
    exists: `SELECT 1 FROM pg_ts_config WHERE cfgname = 'inkwell_words'`,
  },
  ...[
    ["Contact_name_words_idx", "Contact"],
    ["ContactIdentifier_value_words_idx", "ContactIdentifier"],
  ].map(([name, table]) => ({
    engine: "postgres" as const,
    kind: "GIN expression index",
    name,
    migration: "20261124090000_contact_search_words",
    usedBy: SEARCH_USERS,
    exists: pgIndex(name, table),
  })),
];

/** The listed objects of the engine that `query` does not find ("kind name (created by migration)"). */
export async function missingObjects(engine: SqlKind, query: (sql: string) => Promise<unknown[]>): Promise<string[]> {
  const missing: string[] = [];
  for (const object of HAND_WRITTEN_OBJECTS.filter((o) => o.engine === engine)) {
    if ((await query(object.exists)).length === 0) missing.push(`${object.kind} ${object.name} (created by ${object.migration})`);
  }
  return missing;
}
