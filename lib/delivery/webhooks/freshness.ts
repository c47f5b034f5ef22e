// A signed webhook is good for WEBHOOK_MAX_AGE_SECONDS: a signature says who sent the message, not when
// it reached us, so without a window a captured request (a 30-day-old SendGrid signature, issue 38) could
// be sent again at any time. The window is symmetric: a sender's clock may run a little ahead of ours.
import { config } from "@/lib/config";

/** Whether a message's signed timestamp is within the window of now. */
export function timestampFresh(at: Date | null, now = Date.now()): boolean {
  if (!at || Number.isNaN(at.getTime())) return false;
  return Math.abs(now - at.getTime()) <= config().WEBHOOK_MAX_AGE_SECONDS * 1000;
}

/** A timestamp in whole seconds since the epoch, as SendGrid's header carries it; null when it is not one. */
export function epochSeconds(value: string | null): Date | null {
  return value && /^\d{1,12}$/.test(value) ? new Date(Number(value) * 1000) : null;
}

export const tooOld = () => `the signed timestamp is not within ${config().WEBHOOK_MAX_AGE_SECONDS} s of now (WEBHOOK_MAX_AGE_SECONDS)`;
