// Lets a campaign sent in this process start at once instead of at the campaign worker's next poll.
import { wakeSignal } from "@/lib/process/wake";

export const campaignWake = wakeSignal("campaign-worker");
export const wakeCampaignWorker = () => campaignWake.wake();
