// The job runner's rules, with jobs whose claims come from an in-memory list (the real jobs' claims and
// work are tried over HTTP by the API suite: delivery, events, campaigns, automations, batches, sizes).
import { afterEach, describe, expect, it, vi } from "vitest";
import { backoffMs, startJobs, type JobRunner } from "./runner";
import type { JobDefinition, Wake } from "./definition";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for `check` (progress on a busy machine takes what it takes; the test times out otherwise). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(5);
}
let runner: JobRunner | null = null;
afterEach(async () => {
  await runner?.stop();
  runner = null;
  vi.restoreAllMocks();
});

/** A job over a queue of numbers: claims take from the front, runs record what they got. */
function queueJob(queue: number[], overrides: Partial<JobDefinition<number>> = {}) {
  const ran: number[][] = [];
  const job: JobDefinition<number> = {
    name: "queue",
    batchSize: 3,
    leaseMs: 1_000,
    idleMs: 20,
    claim: async ({ limit }) => queue.splice(0, limit),
    run: async (items) => {
      ran.push(items);
    },
    ...overrides,
  };
  return { job, ran };
}

function manualWake(): Wake & { sleeps: number[] } {
  let waiting: (() => void) | null = null;
  const sleeps: number[] = [];
  return {
    sleeps,
    sleep(ms) {
      sleeps.push(ms);
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          waiting = null;
          resolve();
        }
        waiting = done;
      });
    },
    wake: () => waiting?.(),
  };
}

describe("the job runner", () => {
  it("claims in batches of the job's size until nothing is due, then rests its idle time", async () => {
    const wake = manualWake();
    const { job, ran } = queueJob([1, 2, 3, 4, 5, 6, 7], { wake });
    runner = startJobs("w1", [job]);
    await until(() => ran.length === 3 && wake.sleeps.length > 0);
    expect(ran).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(wake.sleeps.length).toBeGreaterThan(0);
    expect(wake.sleeps.every((ms) => ms === 20)).toBe(true);
    expect(runner.metrics()[0]).toMatchObject({ name: "queue", claimed: 7, failures: 0 });
  });

  it("a wake cuts the idle rest short", async () => {
    const queue: number[] = [];
    const wake = manualWake();
    const { job, ran } = queueJob(queue, { wake, idleMs: 60_000 });
    runner = startJobs("w1", [job]);
    await until(() => wake.sleeps.length === 1);
    queue.push(9);
    wake.wake();
    await until(() => ran.length === 1);
    expect(ran).toEqual([[9]]);
  });

  it("a failing turn is logged and backs off, doubling up to the job's maximum, then recovers", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const wake = manualWake();
    let failures = 3;
    const queue = [1, 2, 3, 4, 5];
    const failed: number[][] = [];
    const { job, ran } = queueJob(queue, {
      wake,
      batchSize: 1,
      backoff: { baseMs: 5, maxMs: 15 },
      run: async (items) => {
        if (failures-- > 0) throw new Error("database gone");
        ran.push(items);
      },
      onFailure: async (items) => {
        failed.push(items);
      },
    });
    runner = startJobs("w1", [job]);
    await until(() => ran.length === 2);
    expect(failed).toEqual([[1], [2], [3]]);
    expect(ran).toEqual([[4], [5]]);
    // The rests after the three failures in a row: 5, 10, then capped at 15.
    expect(wake.sleeps.slice(0, 3)).toEqual([5, 10, 15]);
    expect(runner.metrics()[0]).toMatchObject({ failures: 3, failuresInARow: 0, lastError: "database gone" });
    expect(backoffMs(0, 1000, 30_000)).toBe(0);
    expect(backoffMs(6, 1000, 30_000)).toBe(30_000);
  });

  it("a failing claim backs off too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const wake = manualWake();
    const { job } = queueJob([], { wake, backoff: { baseMs: 7, maxMs: 100 }, claim: async () => Promise.reject(new Error("locked")) });
    runner = startJobs("w1", [job]);
    await until(() => wake.sleeps.length >= 2);
    expect(wake.sleeps.slice(0, 2)).toEqual([7, 14]);
  });

  it("keeps up to inFlight batches running at once, renews leases while any is, and stop waits for them", async () => {
    const releases: (() => void)[] = [];
    const renewed: string[] = [];
    let finished = 0;
    const { job } = queueJob([1, 2, 3, 4, 5, 6, 7, 8, 9], {
      batchSize: 2,
      inFlight: 2,
      leaseMs: 300, // renewed every 100 ms
      run: () =>
        new Promise<void>((resolve) =>
          releases.push(() => {
            finished++;
            resolve();
          }),
        ),
      renewLeases: async (workerId) => {
        renewed.push(workerId);
      },
    });
    runner = startJobs("w7", [job]);
    await until(() => releases.length === 2 && renewed.length >= 1);
    await sleep(50);
    expect(releases).toHaveLength(2); // two in flight, the third not yet claimed
    expect(renewed.every((id) => id === "w7")).toBe(true);
    releases[0]();
    await until(() => releases.length === 3);
    const stopping = runner.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false); // batches still in flight
    releases[1]();
    releases[2]();
    await stopping;
    runner = null;
    expect(finished).toBe(3);
  });

  it("a run's rest comes first, then the idle rest for a partial batch unless the run says otherwise", async () => {
    const wake = manualWake();
    const { job } = queueJob([1, 2, 3, 4], { wake, run: async (items) => ({ ms: 11, idle: items.length === 1 ? false : undefined }) });
    runner = startJobs("w1", [job]);
    await until(() => wake.sleeps.length >= 3);
    // batch [1,2,3]: full, rest 11; batch [4]: partial but idle false, rest 11; then nothing due: idle 20.
    expect(wake.sleeps.slice(0, 3)).toEqual([11, 11, 20]);
  });

  it("stop ends a long rest at once, for a job without a wake signal too", async () => {
    const { job } = queueJob([], { idleMs: 60_000 });
    runner = startJobs("w1", [job]);
    await until(() => runner!.metrics()[0].turns === 1);
    const before = Date.now();
    await runner.stop();
    runner = null;
    // Far below the minute of rest it was in: the stop did not wait it out.
    expect(Date.now() - before).toBeLessThan(30_000);
  });
});
