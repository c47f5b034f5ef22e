// The inbound job after a partial batch (inbound-job.ts GATHER_MS): it waits, a wake notwithstanding, and
// then claims again at once, so a bounce storm's notices are claimed tens at a time, not one claim per wake.
import { describe, expect, it } from "vitest";

describe("the inbound job's run", () => {
  it("waits GATHER_MS after a partial batch, then asks to claim again at once (no idle rest)", async () => {
    Object.assign(process.env, { AUTH_SECRET: process.env.AUTH_SECRET ?? "inbound-job-test-secret-0123456789" });
    const { inboundJob, GATHER_MS } = await import("./inbound-job");
    const job = inboundJob({ idleMs: 1000 });
    const started = performance.now();
    // Before: a partial batch returned at once, and the next store's wake cut the idle rest short.
    const rest = await job.run([], { workerId: "test" });
    expect(rest).toEqual({ idle: false });
    expect(performance.now() - started).toBeGreaterThanOrEqual(GATHER_MS - 2);
  });
});
