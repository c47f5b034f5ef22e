// Where a thread's SQLite time goes, statement by statement: switched on by the events worker with
// EVENTS_DEBUG=on (lib/events/worker/run-worker.ts logs it), off otherwise (one null check per statement).
// A statement is keyed by its text up to VALUES / WHERE, so the multi-row forms of one INSERT add up.
import { performance } from "node:perf_hooks";

export type StatementTime = { statement: string; count: number; ms: number };

let times: Map<string, { count: number; ms: number }> | null = null;

export function timeStatements(on: boolean): void {
  times = on ? new Map() : null;
}

const keyOf = (sql: string) =>
  sql
    .replace(/\s+/g, " ")
    .replace(/ (VALUES|WHERE|SET|RETURNING)\b.*$/i, " $1 …")
    .trim()
    .slice(0, 110);

/** Runs `fn` (one statement of `sql`), adding its time to the statement's when timing is on. */
export function timed<T>(sql: string, fn: () => T): T {
  if (!times) return fn();
  const started = performance.now();
  try {
    return fn();
  } finally {
    const key = keyOf(sql);
    const entry = times.get(key) ?? { count: 0, ms: 0 };
    entry.count++;
    entry.ms += performance.now() - started;
    times.set(key, entry);
  }
}

/** The times since the last call, largest first; they start again from zero. */
export function takeStatementTimes(): StatementTime[] {
  if (!times) return [];
  const out = [...times].map(([statement, t]) => ({ statement, ...t })).sort((a, b) => b.ms - a.ms);
  times = new Map();
  return out;
}
