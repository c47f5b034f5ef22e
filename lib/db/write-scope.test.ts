// The write scope's rules without a database (the API suite checks every way to write, on each engine:
// tests/api/nested-writes.test.ts): refused inside an open transaction's work, through its awaits and
// callbacks; free outside it and once the work has returned; a guarded Prisma adapter refuses its writes.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { inWriteScope, NestedWriteError, refuseNestedWrite, refusingNestedWrites } from "./write-scope";

describe("the write scope", () => {
  it("refuses a write inside the work, also after an await and in a callback, and not outside it", async () => {
    expect(() => refuseNestedWrite("A write")).not.toThrow();
    const seen: unknown[] = [];
    const attempt = () => {
      try {
        refuseNestedWrite("A write");
        seen.push("allowed");
      } catch (error) {
        seen.push(error);
      }
    };
    let scheduled!: Promise<void>;
    await inWriteScope(async () => {
      attempt();
      await new Promise((resolve) => setImmediate(resolve));
      attempt();
      await new Promise<void>((resolve) => setTimeout(() => (attempt(), resolve()), 1));
      scheduled = new Promise<void>((resolve) => setTimeout(resolve, 5)).then(attempt);
    });
    await scheduled;
    expect(seen.slice(0, 3).every((e) => e instanceof NestedWriteError)).toBe(true);
    expect((seen[0] as Error).message).toMatch(/^A write was started inside writeTransaction\(\)/);
    // Scheduled inside the work, run after it returned: allowed.
    expect(seen[3]).toBe("allowed");
  });

  it("a guarded Prisma adapter refuses writes and transactions inside the work, and lets reads through", async () => {
    const calls: string[] = [];
    const adapter = {
      provider: "postgres",
      adapterName: "fake",
      queryRaw: async (query: SqlQuery) => (calls.push(query.sql), { columnNames: [], columnTypes: [], rows: [] }),
      executeRaw: async (query: SqlQuery) => (calls.push(query.sql), 1),
      startTransaction: async () => (calls.push("BEGIN"), {}),
    } as unknown as SqlDriverAdapter;
    const factory = { provider: "postgres", adapterName: "fake", connect: async () => adapter } as unknown as SqlDriverAdapterFactory;
    const guarded = await refusingNestedWrites(factory).connect();
    const query = (sql: string) => ({ sql, args: [], argTypes: [] }) as unknown as SqlQuery;
    await inWriteScope(async () => {
      await guarded.queryRaw(query(`SELECT "id" FROM "Brand"`));
      await expect(guarded.queryRaw(query(`INSERT INTO "Brand" ("id") VALUES ($1) RETURNING "id"`))).rejects.toThrow(NestedWriteError);
      await expect(guarded.queryRaw(query(`WITH x AS (SELECT 1) UPDATE "Brand" SET "name" = $1`))).rejects.toThrow(NestedWriteError);
      await expect(guarded.executeRaw(query(`DELETE FROM "Brand"`))).rejects.toThrow(NestedWriteError);
      await expect(guarded.startTransaction()).rejects.toThrow(/A Prisma transaction was started inside writeTransaction/);
    });
    await guarded.executeRaw(query(`DELETE FROM "Brand"`));
    expect(calls).toEqual([`SELECT "id" FROM "Brand"`, `DELETE FROM "Brand"`]);
  });
});
