// `npm run worker`: the events and batch workers as their own process (run several against PostgreSQL; they share
// the inbox through FOR UPDATE SKIP LOCKED claims). Stops cleanly on SIGTERM/SIGINT.
import { config, ConfigError } from "../lib/config";

async function main() {
  try {
    config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const { prepareDatabase } = await import("./db/prepare");
  await prepareDatabase({ seed: false });
  const { startWorkers } = await import("../lib/process/workers");
  const { closeDatabase } = await import("../lib/db");
  const worker = startWorkers();
  console.log(`Inkwell events, batch and delivery worker ${worker.workerId} running (${config().databaseKind} database)`);
  // The runner's counts per job (lib/jobs/runner.ts), once a minute when asked for.
  if (config().EVENTS_DEBUG === "on")
    setInterval(() => {
      for (const m of worker.jobs.metrics())
        console.log(
          `[jobs] ${m.name}: ${m.turns} turns, ${m.claimed} claimed, ${m.failures} failed${m.lastError ? ` (last: ${m.lastError})` : ""}`,
        );
    }, 60_000).unref();
  const stop = () =>
    void worker
      .stop()
      .then(closeDatabase)
      .then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
