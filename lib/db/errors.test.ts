// What the drivers' own errors (better-sqlite3, pg) mean, as errors.ts decides it for both engines.
import { describe, expect, it } from "vitest";
import { isBusy, isForeignKeyViolation, isUniqueViolation, isUnreachable, isWriteConflict, uniqueViolationTarget } from "./errors";

const coded = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe("driver errors by meaning", () => {
  it("unique violations of either driver, with the columns they name", () => {
    const sqlite = coded("UNIQUE constraint failed: ApiKey.secretHash", { code: "SQLITE_CONSTRAINT_UNIQUE" });
    const pg = coded("duplicate key value violates unique constraint", {
      code: "23505",
      detail: 'Key ("brandId", "name")=(b, n) already exists.',
    });
    expect(isUniqueViolation(sqlite) && isUniqueViolation(pg)).toBe(true);
    expect(uniqueViolationTarget(sqlite)).toBe("secretHash");
    expect(uniqueViolationTarget(pg)).toBe("brandId, name");
    expect(isUniqueViolation(coded("PRIMARY KEY", { code: "SQLITE_CONSTRAINT_PRIMARYKEY" }))).toBe(true);
  });

  it("foreign-key violations, write conflicts, a busy file and an unreachable server", () => {
    expect(isForeignKeyViolation(coded("FOREIGN KEY constraint failed", { code: "SQLITE_CONSTRAINT_FOREIGNKEY" }))).toBe(true);
    expect(isForeignKeyViolation(coded("violates foreign key constraint", { code: "23503" }))).toBe(true);
    expect(isWriteConflict(coded("could not serialize access", { code: "40001" }))).toBe(true);
    expect(isWriteConflict(coded("deadlock detected", { code: "40P01" }))).toBe(true);
    expect(isWriteConflict(coded("duplicate key", { code: "23505" }))).toBe(false);
    expect(isBusy(coded("database is locked", { code: "SQLITE_BUSY" }))).toBe(true);
    expect(isUnreachable(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isUnreachable(coded("unable to open database file", { code: "SQLITE_CANTOPEN" }))).toBe(true);
  });
});
