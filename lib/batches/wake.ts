// Lets a batch created in this process start at once instead of at the batch job's next claim
// (lib/process/wake.ts).
import { wakeSignal } from "@/lib/process/wake";

export const batchWake = wakeSignal("batch-worker");
export const wakeBatchWorker = () => batchWake.wake();
