// `npm run worker`: the events worker as its own process (run several against PostgreSQL; they share
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
  const { startEventWorker } = await import("../lib/events/worker/run-worker");
  const { closeDatabase } = await import("../lib/db");
  const worker = startEventWorker();
  console.log(`Inkwell events worker ${worker.workerId} running (${config().databaseKind} database)`);
  const stop = () => void worker.stop().then(closeDatabase).then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
