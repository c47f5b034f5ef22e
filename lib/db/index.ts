// The database: one Prisma client for ORM work and the raw SQL layer (./sql.ts) beside it, both over
// the same connections (./connections.ts), SQLite (the embedded default) or PostgreSQL by DATABASE_URL.
// Prisma generates a client per provider; both come from the same models (prisma/schema), so the
// SQLite client's types describe either one.
import { PrismaPg } from "@prisma/adapter-pg";
import { config } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { openConnections, type Connections } from "./connections";
import { prismaSqliteAdapter } from "./prisma-sqlite";
import { refusingNestedWrites } from "./write-scope";

type Database = { connections?: Connections; prisma: PrismaClient };

function createDatabase(): Database {
  const url = config().DATABASE_URL;
  const database: Database = { prisma: undefined as unknown as PrismaClient };
  const open = () => (database.connections ??= openConnections(url));
  if (config().databaseKind === "postgres") {
    const connections = open();
    if (connections.kind !== "postgres") throw new Error("unreachable");
    database.prisma = new PostgresPrismaClient({
      adapter: refusingNestedWrites(new PrismaPg(connections.pool)),
    }) as unknown as PrismaClient;
  } else {
    // Opened when Prisma first connects (its first query), not when this module is imported: the build
    // imports every route module and must not create a database file.
    database.prisma = new PrismaClient({
      adapter: {
        provider: "sqlite",
        adapterName: "@prisma/adapter-better-sqlite3",
        connect() {
          const connections = open();
          if (connections.kind !== "sqlite") throw new Error("unreachable");
          return prismaSqliteAdapter(connections.writer, connections.reader).connect();
        },
      },
    });
  }
  return database;
}

// The database client's reload guard: one per process, also across Next.js dev-mode module reloads and
// across Next's server layers (route handlers and server-rendered pages are bundled separately, and
// must share one writer per SQLite file and one PostgreSQL pool).
const guard = globalThis as unknown as { inkwellDatabase?: Database };
const database = (guard.inkwellDatabase ??= createDatabase());

export const db = database.prisma;
export const dbKind = config().databaseKind;

/** The process's connections, opened on first use. */
export function connections(): Connections {
  database.connections ??= openConnections(config().DATABASE_URL);
  return database.connections;
}

export type Db = PrismaClient;
/** A client or an interactive transaction's client. */
export type DbClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/** Resolves when the database answers a trivial query; throws otherwise. */
export async function pingDatabase(): Promise<void> {
  const c = connections();
  if (c.kind === "postgres") await c.pool.query("SELECT 1");
  else c.reader.prepare("SELECT 1").get();
}

/** Closes every connection (after the last write): for an orderly shutdown. */
export async function closeDatabase(): Promise<void> {
  await database.prisma.$disconnect().catch(() => {});
  const open = database.connections;
  database.connections = undefined;
  await open?.close();
}
