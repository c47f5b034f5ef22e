// Two write transactions that take the same rows in opposite orders deadlock on PostgreSQL, and the
// database undoes one of them (40P01). With `retryConflicts` the undone one runs again and both commit;
// without it the error reaches the caller (bulk tagging met it beside a segment's tag job: a 500).
// SQLite has one writer, so its transactions never interleave: the test runs on PostgreSQL only.
import { describe, expect, it } from "vitest";
import { isWriteConflict } from "@/lib/db/errors";
import { sqlReader, writeTransaction, type WriteOptions } from "@/lib/db/sql";
import { createTestBrand } from "./helpers";

/** Two transactions, each updating its first brand, waiting for the other to do the same, then the other's. */
function crossingWrites(first: string, second: string, options: WriteOptions) {
  let locked = 0;
  let runs = 0;
  const bothLocked = async () => {
    locked++;
    const deadline = Date.now() + 10_000;
    while (locked < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  const write = (mine: string, theirs: string, name: string) =>
    writeTransaction(async (tx) => {
      runs++;
      await tx.run(`UPDATE "Brand" SET "name" = ? WHERE "id" = ?`, [name, mine]);
      if (runs <= 2) await bothLocked(); // the first run of each: both hold a row before asking for the other
      await tx.run(`UPDATE "Brand" SET "name" = ? WHERE "id" = ?`, [name, theirs]);
    }, options);
  return { settled: Promise.allSettled([write(first, second, "one"), write(second, first, "two")]), runs: () => runs };
}

describe.skipIf(!process.env.TEST_POSTGRES_URL)("write transactions that deadlock (PostgreSQL)", () => {
  it("with retryConflicts: the one the database undid runs again, and both commit", async () => {
    const [a, b] = [await createTestBrand(), await createTestBrand()];
    const writes = crossingWrites(a.brandId, b.brandId, { retryConflicts: true });
    const results = await writes.settled;
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    expect(writes.runs()).toBe(3);
    const names = await sqlReader().all<{ name: string }>(`SELECT "name" FROM "Brand" WHERE "id" IN (?, ?)`, [a.brandId, b.brandId]);
    // The transaction that ran again committed last: both brands carry its name.
    expect(new Set(names.map((n) => n.name)).size).toBe(1);
  }, 30_000);

  it("without it: the one the database undid fails with a write conflict", async () => {
    const [a, b] = [await createTestBrand(), await createTestBrand()];
    const results = await crossingWrites(a.brandId, b.brandId, {}).settled;
    const failed = results.filter((r) => r.status === "rejected");
    expect(failed).toHaveLength(1);
    expect(isWriteConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true);
  }, 30_000);
});
