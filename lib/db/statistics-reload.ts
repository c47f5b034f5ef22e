// A SQLite connection plans with the statistics (sqlite_stat1) it loaded with the schema: the checkpointer's
// PRAGMA optimize, or anyone's ANALYZE, rewrites the table but not what other connections hold, so a server
// started on a new, small database kept planning for small tables while a brand grew to 200,000 contacts
// (the contacts list then took 19 s: each segment's membership query for a page of 50 contacts scanned the
// whole Contact index instead of looking the 50 ids up, 38 ms against 0.1 ms, for each of 500 segments).
// So every connection pair checks now and then whether the statistics changed and then reloads them
// (ANALYZE sqlite_schema, which only reads the table); its prepared statements are planned again on their
// next run.
import type Database from "better-sqlite3";

export const STATISTICS_CHECK_MS = 60_000;

const FINGERPRINT = `SELECT count(*) AS n, group_concat("tbl" || ' ' || coalesce("idx", '') || ' ' || "stat", '|') AS stats FROM sqlite_stat1`;

/** The statistics as they stand (null before the first ANALYZE made sqlite_stat1). */
function fingerprint(reader: Database.Database): string | null {
  try {
    const row = reader.prepare(FINGERPRINT).get() as { n: number; stats: string | null };
    return `${row.n}:${row.stats ?? ""}`;
  } catch {
    return null;
  }
}

/** Reloads the statistics into a connection; false when it is busy (a statement still iterating, a lock). */
export function reloadStatistics(connection: Database.Database): boolean {
  const queryOnly = connection.pragma("query_only", { simple: true }) === 1;
  try {
    // query_only refuses every ANALYZE, even this one that writes nothing.
    if (queryOnly) connection.pragma("query_only = OFF");
    connection.exec("ANALYZE sqlite_schema");
    return true;
  } catch {
    return false;
  } finally {
    if (queryOnly) connection.pragma("query_only = ON");
  }
}

/**
 * Every `intervalMs`, reloads the statistics into the reader and (in its turn) the writer when sqlite_stat1
 * changed since they last loaded it; a reload that finds a connection busy is tried again next time.
 */
export function reloadStatisticsWhenChanged(
  reader: Database.Database,
  reloadWriter: () => Promise<boolean>,
  intervalMs = STATISTICS_CHECK_MS,
): { check(): Promise<boolean>; stop(): void } {
  let loaded = fingerprint(reader);
  const check = async () => {
    const now = fingerprint(reader);
    if (now === loaded) return false;
    const done = reloadStatistics(reader) && (await reloadWriter());
    if (done) loaded = now;
    return done;
  };
  const timer = setInterval(() => void check().catch(() => {}), intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
