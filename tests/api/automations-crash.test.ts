// Durability of automations: SIGKILL while 10,000 enrollments wait at a delay that ends during the
// downtime; after the restart each block runs once per enrollment, its email included (scripts/bench/automation-crash-scenario.ts).
import { expect, it } from "vitest";
import { runAutomationCrashScenario } from "../../scripts/bench/automation-crash-scenario";

it("after a SIGKILL during their wait, 10,000 enrollments each run every block once", async () => {
  const result = await runAutomationCrashScenario(10_000);
  expect(result.waitingAtKill).toBe(10_000);
  expect(result.completed).toBe(10_000);
  expect(Object.values(result.runsPerBlock)).toEqual([10_000, 10_000, 10_000, 10_000]);
  expect(result.duplicateRuns).toBe(0);
  // The delay and the four actions, each reached once per enrollment (the counters commit with the effects).
  expect(Object.values(result.countersPerBlock).sort()).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
  // One email per enrollment in the delivery pipeline, none lost to the kill.
  expect(result.emailMessages).toBe(10_000);
  expect(result.emailEnrollments).toBe(10_000);
  expect(result.webhookIds).toBe(10_000);
  expect(result.webhookRepeats).toBe(0);
}, 1_500_000);
