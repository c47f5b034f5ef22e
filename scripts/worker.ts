// `npm run worker`: the events worker as its own process (run several against PostgreSQL; they share
// the inbox through FOR UPDATE SKIP LOCKED claims). Stops cleanly on SIGTERM/SIGINT.
import { resolveDatabaseUrl, databaseKind } from "../lib/db-url";

async function main() {
  process.env.DATABASE_URL = resolveDatabaseUrl();
  const { applyMigrations } = await import("./db/migrate");
  await applyMigrations(process.env.DATABASE_URL);
  const { startEventWorker } = await import("../lib/events/worker/run-worker");
  const worker = startEventWorker();
  console.log(`Inkwell events worker ${worker.workerId} running (${databaseKind(process.env.DATABASE_URL)} database)`);
  const stop = () => void worker.stop().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
