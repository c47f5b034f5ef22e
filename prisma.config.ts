// Prisma CLI configuration. Prisma 6.19 with the WebAssembly schema engine ("js" engine + driver
// adapters) because the native engines cannot be downloaded on our machines. The CLI is a process of
// its own, with Prisma's stock adapters (the app uses lib/db's connections). On PostgreSQL it reads the
// schema derived from prisma/schema (scripts/db/schema.ts), written afresh here.
import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { config } from "./lib/config";
import { sqliteFilePath } from "./lib/db/url";
import { writePostgresSchema } from "./scripts/db/schema";

const { DATABASE_URL: url, DATABASE_POOL_SIZE: poolSize, databaseKind: kind } = config();
// The schema reads env("DATABASE_URL"); give the CLI the same default the app uses.
process.env.DATABASE_URL = url;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: kind === "postgres" ? writePostgresSchema() : path.join("prisma", "schema"),
  migrations: {
    path: kind === "postgres" ? path.join("prisma", "postgres", "migrations") : path.join("prisma", "migrations"),
  },
  async adapter() {
    if (kind === "postgres") {
      const { PrismaPg } = await import("@prisma/adapter-pg");
      return new PrismaPg({ connectionString: url, max: poolSize });
    }
    const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
    const file = sqliteFilePath(url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return new PrismaBetterSQLite3({ url: `file:${file}`, timeout: 10_000 });
  },
});
