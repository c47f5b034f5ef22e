// Lets mail stored in this process be handled at once instead of at the inbound job's next poll
// (lib/process/wake.ts): the listener runs on the request thread, the job on the worker thread.
import { wakeSignal } from "@/lib/process/wake";

export const inboundWake = wakeSignal("inbound-mail");
