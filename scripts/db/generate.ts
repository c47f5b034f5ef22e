// `npm run db:generate` (also run by postinstall, build and typecheck): the Prisma clients of both
// engines from the one hand-edited schema, prisma/schema. The PostgreSQL schema they need is derived
// first (scripts/db/schema.ts, into lib/generated/postgres-schema, never committed).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { POSTGRES_SCHEMA_DIR, prismaLayout, root, writePostgresSchema } from "./schema";

writePostgresSchema();
const generate = (schema: string, url: string) =>
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["generate", "--schema", schema], {
    cwd: root,
    stdio: "inherit",
    // The schema reads env("DATABASE_URL"); generating connects to nothing.
    env: { ...process.env, DATABASE_URL: url },
  });
generate(prismaLayout().schemaDir, "file:./data/inkwell.db");
generate(POSTGRES_SCHEMA_DIR, "postgresql://localhost/generate-only");
