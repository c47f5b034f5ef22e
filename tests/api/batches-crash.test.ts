// Durability of batches: SIGKILL while batches are being processed; after a restart every batch that
// got its 201 is processed, each item exactly once.
import { expect, it } from "vitest";
import { runBatchCrashScenario } from "../../scripts/bench/batch-crash-scenario";

it("every batch answered 201 before a SIGKILL is processed exactly once after a restart", async () => {
  const result = await runBatchCrashScenario();
  expect(result.accepted).toBeGreaterThanOrEqual(40);
  expect(result.inFlightAtKill).toBeGreaterThan(0); // the kill hit batches in flight
  expect(result.missing).toEqual([]);
  expect(result.unfinished).toEqual([]);
  expect(result.itemsWithoutResult).toBe(0);
  expect(result.acceptedItems).toBe(result.accepted * 20);
  expect(result.wrongResults).toEqual([]);
  expect(result.duplicateContacts).toBe(0);
  expect(result.eventsNotOnce).toBe(0);
  expect(result.strayEvents).toBe(0);
}, 300_000);
