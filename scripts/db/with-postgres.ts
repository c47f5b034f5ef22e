// Runs a command with TEST_POSTGRES_URL pointing at a throwaway PostgreSQL cluster, then removes it.
//   npx tsx scripts/db/with-postgres.ts -- npx vitest run --project api
import { spawnSync } from "node:child_process";
import { startThrowawayPostgres } from "./throwaway-postgres";

const separator = process.argv.indexOf("--");
const command = separator >= 0 ? process.argv.slice(separator + 1) : [];
if (command.length === 0) {
  console.error("usage: tsx scripts/db/with-postgres.ts -- <command> [args...]");
  process.exit(2);
}
const postgres = process.env.TEST_POSTGRES_URL ? null : await startThrowawayPostgres();
const url = process.env.TEST_POSTGRES_URL ?? postgres!.url;
console.log(`PostgreSQL for this run: ${url}`);
let status = 1;
try {
  const result = spawnSync(command[0], command.slice(1), { stdio: "inherit", env: { ...process.env, TEST_POSTGRES_URL: url } });
  status = result.status ?? 1;
} finally {
  postgres?.stop();
}
process.exit(status);
