// Lets messages queued in this process go out at once instead of at the delivery job's next claim
// (lib/process/wake.ts).
import { wakeSignal } from "@/lib/process/wake";

export const deliveryWake = wakeSignal("delivery-worker");
export const wakeDeliveryWorker = () => deliveryWake.wake();
