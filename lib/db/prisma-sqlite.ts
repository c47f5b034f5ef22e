// Prisma on SQLite over this process's own connections: reads on the reader connection, every write
// and every transaction on the one writer connection in its turn (sqlite-writer.ts). Prisma's own
// adapter would open a connection of its own, a second writer whose busy timeout blocks the event
// loop while the raw writer holds the lock.
//
// Prisma's better-sqlite3 adapter does the value conversions (arguments, rows, column types, errors);
// we keep them by giving its adapter our connections. The factory always opens a connection itself,
// so it opens an in-memory one that is swapped for ours (the adapter's public `client` field; Prisma is
// pinned, and prisma-sqlite.test.ts fails if that field goes away).
import type BetterSqlite3 from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";
import type { SqliteWriter } from "./sqlite-writer";
import { refuseNestedWrite } from "./write-scope";

type AdapterWithClient = SqlDriverAdapter & { client: unknown };

/** What Prisma's adapter uses of a connection; statements read 64-bit integers as BigInt, as Prisma expects. */
function prismaView(connection: BetterSqlite3.Database) {
  return {
    prepare: (sql: string) => connection.prepare(sql).safeIntegers(true),
    exec: (sql: string) => connection.exec(sql),
    close: () => {},
  };
}

async function prismaAdapterOver(connection: BetterSqlite3.Database): Promise<SqlDriverAdapter> {
  const adapter = (await new PrismaBetterSQLite3({ url: ":memory:" }).connect()) as AdapterWithClient;
  if (!("client" in adapter)) throw new Error("@prisma/adapter-better-sqlite3 no longer exposes `client`: see lib/db/prisma-sqlite.ts");
  (adapter.client as BetterSqlite3.Database).close();
  adapter.client = prismaView(connection);
  return adapter;
}

const COMMIT_OR_ROLLBACK = /^\s*(COMMIT|ROLLBACK)\b/i;

class TurnTransaction implements Transaction {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  readonly options = { usePhantomQuery: false };

  constructor(
    private readonly writer: SqlDriverAdapter,
    private readonly connection: BetterSqlite3.Database,
    private readonly release: () => void,
  ) {
    this.adapterName = writer.adapterName;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.writer.queryRaw(query);
  }

  // Prisma sends COMMIT / ROLLBACK itself, then calls commit() / rollback(). A COMMIT that fails (a
  // deferred constraint) is followed by neither: the transaction is rolled back and the turn released here.
  async executeRaw(query: SqlQuery): Promise<number> {
    try {
      return await this.writer.executeRaw(query);
    } catch (error) {
      if (COMMIT_OR_ROLLBACK.test(query.sql)) {
        if (this.connection.inTransaction) this.connection.exec("ROLLBACK");
        this.release();
      }
      throw error;
    }
  }

  async commit(): Promise<void> {
    this.release();
  }

  async rollback(): Promise<void> {
    if (this.connection.inTransaction) this.connection.exec("ROLLBACK");
    this.release();
  }
}

class TurnTakingAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName: string;
  private readonly readOnly = new Map<string, boolean>();

  constructor(
    private readonly writer: SqliteWriter,
    private readonly onWriter: SqlDriverAdapter,
    private readonly onReader: SqlDriverAdapter,
  ) {
    this.adapterName = onWriter.adapterName;
  }

  /** Whether a statement only reads (better-sqlite3 asks SQLite itself); cached by SQL text. */
  private isReadOnly(sql: string): boolean {
    let readOnly = this.readOnly.get(sql);
    if (readOnly === undefined) {
      try {
        readOnly = this.writer.connection.prepare(sql).readonly;
      } catch {
        readOnly = false; // let the real execution report the error
      }
      if (this.readOnly.size >= 2000) this.readOnly.clear();
      this.readOnly.set(sql, readOnly);
    }
    return readOnly;
  }

  private async write<T>(run: () => Promise<T>): Promise<T> {
    refuseNestedWrite("A Prisma write");
    return this.writer.turn(() => this.writer.retryWhileBusy(run));
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.isReadOnly(query.sql) ? this.onReader.queryRaw(query) : this.write(() => this.onWriter.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.write(() => this.onWriter.executeRaw(query));
  }

  executeScript(script: string): Promise<void> {
    return this.write(() => this.onWriter.executeScript(script));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE")
      throw new Error(`SQLite transactions are serializable; ${isolationLevel} was asked`);
    refuseNestedWrite("A Prisma transaction");
    const release = await this.writer.acquire();
    try {
      await this.writer.beginImmediate();
      return new TurnTransaction(this.onWriter, this.writer.connection, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  async dispose(): Promise<void> {}
}

/** A Prisma driver adapter factory over the process's writer and reader connections. */
export function prismaSqliteAdapter(writer: SqliteWriter, reader: BetterSqlite3.Database): SqlDriverAdapterFactory {
  return {
    provider: "sqlite",
    adapterName: "@prisma/adapter-better-sqlite3",
    async connect() {
      const [onWriter, onReader] = await Promise.all([prismaAdapterOver(writer.connection), prismaAdapterOver(reader)]);
      return new TurnTakingAdapter(writer, onWriter, onReader);
    },
  };
}
