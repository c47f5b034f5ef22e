// Wakes this thread's automations job when there is work now (enrollments written by the events job, a
// workflow enabled): it otherwise looks for due enrollments every AUTOMATIONS_WORKER_IDLE_MS.
import type { Wake } from "@/lib/jobs/definition";

type Waiter = () => void;
const waiters = new Set<Waiter>();

export function wakeAutomations(): void {
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
