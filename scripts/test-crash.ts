// `npm run test:crash`: SIGKILL the server under load, restart it, and prove that every event that got
// a 202 is stored and processed exactly once (scripts/bench/crash-scenario.ts). Exits 1 on a failure.
import { runCrashScenario } from "./bench/crash-scenario";

const result = await runCrashScenario((line) => console.log(line));
console.log(JSON.stringify({ ...result, missing: result.missing.slice(0, 10) }));
const ok =
  result.accepted > 0 &&
  result.missing.length === 0 &&
  result.processedOnce === result.accepted &&
  result.duplicates === 0 &&
  result.pendingAfter === 0;
console.log(ok ? "crash test passed: every accepted event stored and processed exactly once" : "CRASH TEST FAILED");
process.exit(ok ? 0 : 1);
