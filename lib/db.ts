// The one Prisma client: SQLite (embedded default) or PostgreSQL, chosen by DATABASE_URL.
// Prisma generates a client per provider; both come from the same models (prisma/schema), so the
// SQLite client's types describe either one.
import { PrismaClient } from "@/lib/generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "@/lib/generated/prisma-pg/client";
import { createAdapter } from "./db-adapter";
import { databaseKind, resolveDatabaseUrl } from "./db-url";

export const databaseUrl = resolveDatabaseUrl();
export const dbKind = databaseKind(databaseUrl);

function createClient(): PrismaClient {
  const adapter = createAdapter(databaseUrl);
  if (dbKind === "postgres") return new PostgresPrismaClient({ adapter }) as unknown as PrismaClient;
  const client = new PrismaClient({ adapter });
  // The adapter keeps one connection; these run first on it. WAL with synchronous=NORMAL keeps every
  // committed transaction across a process crash (SIGKILL) and only risks the last ones on power loss,
  // for a several-fold cheaper commit than FULL.
  void client.$queryRawUnsafe("PRAGMA journal_mode = WAL").catch(() => {});
  void client.$executeRawUnsafe("PRAGMA synchronous = NORMAL").catch(() => {});
  return client;
}

// One client per process, also across Next.js dev-mode module reloads.
const globalForDb = globalThis as unknown as { inkwellDb?: PrismaClient };
export const db = globalForDb.inkwellDb ?? createClient();
globalForDb.inkwellDb = db;

export type Db = PrismaClient;
/** A client or an interactive transaction's client. */
export type DbClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/** Resolves when the database answers a trivial query; throws otherwise. */
export async function pingDatabase(): Promise<void> {
  await db.$queryRawUnsafe("SELECT 1");
}
