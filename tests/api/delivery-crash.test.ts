// Durability of sending: SIGKILL during a 20,000-recipient send, then a restart: everyone receives the
// message, and duplicates (counted by Message-ID at the SMTP sink) are at most the messages in flight.
import { expect, it } from "vitest";
import { runDeliveryCrashScenario } from "../../scripts/bench/delivery-crash-scenario";

it("a send killed with SIGKILL and restarted reaches every recipient; duplicates stay within what was in flight", async () => {
  const result = await runDeliveryCrashScenario(20_000, (line) => console.log(`[delivery-crash] ${line}`));
  expect(result.receivedBeforeKill).toBeGreaterThan(0);
  expect(result.receivedBeforeKill).toBeLessThan(result.recipients);
  expect(result.pendingAfter).toBe(0);
  expect(result.sentAfter).toBe(result.recipients);
  expect(result.distinct).toBe(result.recipients);
  expect(result.duplicates).toBeLessThanOrEqual(result.inFlightAtKill);
}, 900_000);
