// Nested writes fail fast. A write transaction's work (writeTransaction in ./sql.ts) must run its
// statements on the runner it is given and start no other write until it returns:
//  - on SQLite, the other write (a raw transaction or a Prisma write, both on the one writer connection,
//    sqlite-writer.ts) would wait for the batch that is waiting for it, forever;
//  - on PostgreSQL, it would run on another pooled connection, outside the transaction: not undone by its
//    rollback, and waiting for the rows the transaction holds locked.
// So the work runs inside a scope (AsyncLocalStorage, which follows its awaits and callbacks), and every
// way to start a write asks refuseNestedWrite() first: inside an open scope it throws at once, naming the
// mistake, on both engines. A callback the work merely scheduled and that runs after it returned is free.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery } from "@prisma/driver-adapter-utils";

type Scope = { open: boolean };
const scopes = new AsyncLocalStorage<Scope>();

export class NestedWriteError extends Error {
  constructor(what: string) {
    super(
      `${what} was started inside writeTransaction(): a write transaction's work must use only the runner it is given ` +
        `(tx.run / tx.all) and start no other write (writeTransaction, writeStatement, writeQuery, a Prisma write) until it returns. ` +
        `On SQLite it would wait for the transaction waiting for it; on PostgreSQL it would escape the transaction.`,
    );
    this.name = "NestedWriteError";
  }
}

/** Runs a write transaction's work inside its scope (see above). */
export async function inWriteScope<T>(work: () => Promise<T>): Promise<T> {
  const scope: Scope = { open: true };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.open = false;
  }
}

/** Throws NestedWriteError when called from inside an open write transaction's work. */
export function refuseNestedWrite(what: string): void {
  if (scopes.getStore()?.open) throw new NestedWriteError(what);
}

const WRITE_STATEMENT =
  /^\s*(INSERT|UPDATE|DELETE|MERGE|UPSERT|REPLACE|CREATE|DROP|ALTER|TRUNCATE)\b|^\s*WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE)\b/i;

/**
 * A Prisma driver adapter factory whose writes and transactions refuse to start inside a write
 * transaction's work (PostgreSQL; on SQLite the turn-taking adapter asks itself, prisma-sqlite.ts).
 */
export function refusingNestedWrites(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  const guard = (adapter: SqlDriverAdapter): SqlDriverAdapter =>
    new Proxy(adapter, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "queryRaw")
          return async (query: SqlQuery) => {
            if (WRITE_STATEMENT.test(query.sql)) refuseNestedWrite("A Prisma write");
            return value.call(target, query);
          };
        if (property === "executeRaw" || property === "executeScript")
          return async (arg: unknown) => {
            refuseNestedWrite("A Prisma write");
            return value.call(target, arg);
          };
        if (property === "startTransaction")
          return async (...args: unknown[]) => {
            refuseNestedWrite("A Prisma transaction");
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
  return new Proxy(factory, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === "connect") return async () => guard(await (value as () => Promise<SqlDriverAdapter>).call(target));
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
