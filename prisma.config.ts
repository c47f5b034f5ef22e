// Prisma CLI configuration. Prisma 6.19 with the WebAssembly schema engine ("js" engine + driver
// adapters) because the native engines cannot be downloaded on our machines.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { databaseKind, resolveDatabaseUrl } from "./lib/db-url";

// The schema reads env("DATABASE_URL"); give the CLI the same default the app uses.
process.env.DATABASE_URL = resolveDatabaseUrl();
const kind = databaseKind(process.env.DATABASE_URL);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: kind === "postgres" ? path.join("prisma", "postgres", "schema") : path.join("prisma", "schema"),
  migrations: {
    path: kind === "postgres" ? path.join("prisma", "postgres", "migrations") : path.join("prisma", "migrations"),
  },
  async adapter() {
    const { createAdapter } = await import("./lib/db-adapter");
    return createAdapter(resolveDatabaseUrl());
  },
});
