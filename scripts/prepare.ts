// The first half of `npm start`, in a process of its own so that the server process loads the app's
// modules only once (in Next's module graph): checks the configuration (one clear line and exit code 2
// when a variable is invalid), applies migrations and seeds an empty database. Prints one JSON line
// ({applied, demo, appOrigin, databaseKind}) for scripts/start.ts.
import { config, ConfigError } from "../lib/config";

try {
  config();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(2);
}

const { prepareDatabase } = await import("./db/prepare");
const prepared = await prepareDatabase({ seed: true });
console.log(
  JSON.stringify({ ...prepared, appOrigin: config().appOrigin, appUrlSet: Boolean(config().APP_URL), databaseKind: config().databaseKind }),
);
process.exit(0);
