// Lets work created in this process start at once instead of at a worker's next poll. The workers run on
// the process's worker thread (lib/process/worker-thread.ts) while their work is created on the request
// thread, so the signal crosses threads on a BroadcastChannel (it reaches no other process: a separate
// `npm run worker` finds the work at its next poll).
import { BroadcastChannel } from "node:worker_threads";

export type WakeSignal = {
  /** Resolves at the next wake() (in any thread of this process), or after `ms`. */
  sleep(ms: number): Promise<void>;
  wake(): void;
};

export function wakeSignal(name: string): WakeSignal {
  let waiting: (() => void) | null = null;
  let channel: BroadcastChannel | undefined;
  const wakeChannel = () => {
    if (!channel) {
      channel = new BroadcastChannel(`inkwell:wake-${name}`);
      channel.onmessage = () => waiting?.();
      // The channel must not keep a process (or the worker thread) alive by itself.
      channel.unref();
    }
    return channel;
  };
  return {
    sleep(ms) {
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
    },
    wake() {
      waiting?.();
      wakeChannel().postMessage("wake");
    },
  };
}
