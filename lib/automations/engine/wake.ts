// Wakes this thread's automations job when there is work now (enrollments written by the events job, a
// workflow enabled): it otherwise looks for due enrollments every AUTOMATIONS_WORKER_IDLE_MS.
import type { Wake } from "@/lib/jobs/definition";

type Waiter = () => void;
const waiters = new Set<Waiter>();

/**
 * At most one wake per WAKE_GAP_MS: while events arrive the events job writes enrollments in every batch
 * (every 50-100 ms), and a pass per batch paid its fixed statements (claim, hold, history, counters) for a
 * handful of enrollments each time; gathered, a pass takes more of them (docs/performance.md).
 */
const WAKE_GAP_MS = 200;
// A monotonic clock: a wall clock stepped back (NTP) would hold every wake for the size of the step.
let lastWake = Number.NEGATIVE_INFINITY;
let deferred: ReturnType<typeof setTimeout> | null = null;

export function wakeAutomations(): void {
  const wait = lastWake + WAKE_GAP_MS - performance.now();
  if (wait > 0) {
    deferred ??= setTimeout(() => {
      deferred = null;
      wakeAutomations();
    }, wait).unref();
    return;
  }
  lastWake = performance.now();
  for (const wake of [...waiters]) wake();
}

export const automationsWake: Wake = {
  wake: wakeAutomations,
  /** Resolves after `ms`, or earlier when woken. */
  sleep(ms) {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });
  },
};
