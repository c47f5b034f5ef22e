// Nested writes fail fast, on the suite's engine (npm test runs the suite on SQLite and on PostgreSQL):
// a write started inside a write transaction's work throws NestedWriteError at once, instead of waiting
// forever for the transaction that waits for it (SQLite) or escaping the transaction (PostgreSQL). The
// transaction itself is unharmed: it commits what it wrote on its own runner, or rolls back when the
// work lets the error through. Reads inside the work, and writes after it, are free.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sqlReader, writeQuery, writeStatement, writeTransaction } from "@/lib/db/sql";
import { NestedWriteError } from "@/lib/db/write-scope";
import { createTestBrand } from "./helpers";

const nameOf = async (brandId: string) =>
  (await sqlReader().all<{ name: string }>(`SELECT "name" FROM "Brand" WHERE "id" = ?`, [brandId]))[0]?.name;

type Write = (brandId: string) => Promise<unknown>;

describe("a write inside a write transaction", () => {
  it.each<[string, Write]>([
    [
      "writeTransaction",
      (brandId: string) => writeTransaction((tx) => tx.run(`UPDATE "Brand" SET "name" = 'inner' WHERE "id" = ?`, [brandId])),
    ],
    ["writeStatement", (brandId: string) => writeStatement(`UPDATE "Brand" SET "name" = 'inner' WHERE "id" = ?`, [brandId])],
    ["writeQuery", (brandId: string) => writeQuery(`UPDATE "Brand" SET "name" = 'inner' WHERE "id" = ? RETURNING "id"`, [brandId])],
    ["a Prisma write", (brandId: string) => db.brand.update({ where: { id: brandId }, data: { name: "inner" } })],
    [
      "a Prisma transaction",
      (brandId: string) => db.$transaction(async (tx) => tx.brand.update({ where: { id: brandId }, data: { name: "inner" } })),
    ],
  ])("throws at once when it is %s; the transaction commits its own writes", async (_, nested) => {
    const { brandId } = await createTestBrand();
    const seen = await writeTransaction(async (tx) => {
      await tx.run(`UPDATE "Brand" SET "name" = 'outer' WHERE "id" = ?`, [brandId]);
      const error = await nested(brandId).then(
        () => null,
        (e: unknown) => e,
      );
      // Reads inside the work are allowed (they see what was committed before it).
      await db.brand.findUnique({ where: { id: brandId } });
      return error;
    });
    expect(seen).toBeInstanceOf(NestedWriteError);
    expect((seen as Error).message).toMatch(/was started inside writeTransaction\(\)/);
    expect(await nameOf(brandId)).toBe("outer");
    // After the transaction, the same write is free.
    await nested(brandId);
    expect(await nameOf(brandId)).toBe("inner");
  });

  it("rolls the transaction back when the work lets the error through", async () => {
    const { brandId } = await createTestBrand({ name: "Before" });
    await expect(
      writeTransaction(async (tx) => {
        await tx.run(`UPDATE "Brand" SET "name" = 'outer' WHERE "id" = ?`, [brandId]);
        await writeStatement(`UPDATE "Brand" SET "name" = 'inner' WHERE "id" = ?`, [brandId]);
      }),
    ).rejects.toBeInstanceOf(NestedWriteError);
    expect(await nameOf(brandId)).toBe("Before");
  });

  it("a callback the work scheduled runs its writes after the transaction, unhindered", async () => {
    const { brandId } = await createTestBrand();
    let later!: Promise<number>;
    await writeTransaction(async (tx) => {
      await tx.run(`UPDATE "Brand" SET "name" = 'outer' WHERE "id" = ?`, [brandId]);
      later = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        // Scheduled inside the work, run once it has returned and committed.
        while ((await nameOf(brandId)) !== "outer") await new Promise((resolve) => setImmediate(resolve));
        return writeStatement(`UPDATE "Brand" SET "name" = 'later' WHERE "id" = ?`, [brandId]);
      });
    });
    await expect(later).resolves.toBe(1);
    expect(await nameOf(brandId)).toBe("later");
  });
});
