// Lets messages queued in this process go out at once instead of at the delivery worker's next poll
// (lib/process/wake.ts).
import { wakeSignal } from "@/lib/process/wake";

const signal = wakeSignal("delivery-worker");

export const sleepUntilMessages = (ms: number) => signal.sleep(ms);
export const wakeDeliveryWorker = () => signal.wake();
