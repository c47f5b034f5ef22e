// Lets a batch created in this process start at once instead of at the worker's next poll. The batch
// worker runs on the process's worker thread (lib/process/worker-thread.ts) while batches are created
// on the request thread, so the signal crosses threads on a BroadcastChannel (it reaches no other
// process: a separate `npm run worker` finds the batch at its next poll).
import { BroadcastChannel } from "node:worker_threads";

let waiting: (() => void) | null = null;
let channel: BroadcastChannel | undefined;

function wakeChannel(): BroadcastChannel {
  if (!channel) {
    channel = new BroadcastChannel("inkwell:wake-batch-worker");
    channel.onmessage = () => waiting?.();
    // The channel must not keep a process (or the worker thread) alive by itself.
    channel.unref();
  }
  return channel;
}

/** Resolves at the next wakeBatchWorker() call (in any thread of this process), or after `ms`. */
export function sleepUntilWoken(ms: number): Promise<void> {
  wakeChannel();
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
  wakeChannel().postMessage("wake");
}
