// Claims of queue rows (events, batches, messages): an UPDATE ... WHERE "id" IN (SELECT ... LIMIT n <clause>)
// that marks the rows with the worker and a lease. On PostgreSQL the subquery locks the rows it picks and
// skips rows another worker's claim has locked (FOR UPDATE SKIP LOCKED), so concurrent workers take
// disjoint batches without waiting on each other; on SQLite the UPDATE holds the one write lock, which
// makes the claim atomic across processes, and the clause is empty.
import { dbKind } from "./index";

export function skipLockedClause(): string {
  return dbKind === "postgres" ? "FOR UPDATE SKIP LOCKED" : "";
}
