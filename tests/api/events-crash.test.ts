// Durability: SIGKILL under load loses no accepted event, and none is processed twice.
import { expect, it } from "vitest";
import { runCrashScenario } from "../../scripts/bench/crash-scenario";

it("every event answered 202 before a SIGKILL is stored and processed exactly once after a restart", async () => {
  const result = await runCrashScenario();
  expect(result.accepted).toBeGreaterThan(50);
  expect(result.missing).toEqual([]);
  expect(result.pendingAfter).toBe(0);
  expect(result.duplicates).toBe(0);
  expect(result.processedOnce).toBe(result.accepted);
}, 240_000);
