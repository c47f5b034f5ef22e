// Wakes this thread's automations worker when there is work now (enrollments written by the events
// worker, a workflow enabled): it otherwise looks for due enrollments every AUTOMATIONS_WORKER_IDLE_MS.
type Waiter = () => void;
const waiters = new Set<Waiter>();

export function wakeAutomations(): void {
  for (const wake of [...waiters]) wake();
}

/** Resolves after `ms`, or earlier when woken. */
export function sleepUnlessWoken(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiters.add(done);
  });
}
