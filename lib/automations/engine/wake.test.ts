// Wakes are gathered: the events job wakes the automations job after each batch that wrote enrollments due
// now (every 50-100 ms while events arrive), and a pass per wake paid its fixed statements for a handful.
import { describe, expect, it } from "vitest";
import { automationsWake, wakeAutomations } from "./wake";

const settled = (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 0))]);

describe("wakeAutomations", () => {
  it("wakes a sleeping worker at once, then at most once per 200 ms", async () => {
    await new Promise((r) => setTimeout(r, 250)); // no wake in the last 200 ms
    const first = automationsWake.sleep(10_000);
    wakeAutomations();
    expect(await settled(first)).toBe(true);
    const second = automationsWake.sleep(10_000);
    wakeAutomations();
    wakeAutomations();
    await new Promise((r) => setTimeout(r, 50));
    expect(await settled(second)).toBe(false);
    const started = Date.now();
    await second;
    expect(Date.now() - started).toBeLessThan(300);
  });
});
