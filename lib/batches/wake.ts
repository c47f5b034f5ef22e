// Lets a batch created in this process start at once instead of at the batch worker's next poll
// (lib/process/wake.ts).
import { wakeSignal } from "@/lib/process/wake";

const signal = wakeSignal("batch-worker");

export const sleepUntilWoken = (ms: number) => signal.sleep(ms);
export const wakeBatchWorker = () => signal.wake();
