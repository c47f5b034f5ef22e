// Lets a batch created in this process start at once instead of at the worker's next poll.
let waiting: (() => void) | null = null;

/** Resolves at the next wakeBatchWorker() call, or after `ms`. */
export function sleepUntilWoken(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      if (waiting === done) waiting = null;
      resolve();
    }
    waiting = done;
  });
}

export function wakeBatchWorker(): void {
  waiting?.();
}
