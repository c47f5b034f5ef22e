// What a campaign is made of, as stored (lib/campaigns/campaign-store.ts reads and writes it) and as the
// rules check it (rules.ts): the same object for a new campaign and for a draft after a PATCH.
import type { CampaignChannel, CampaignStatus, CampaignType } from "./schemas";

export type EmailContent = {
  templateID?: string;
  subject?: string;
  preheader?: string;
  senderName?: string;
  senderEmail?: string;
  replyToEmail?: string;
};

export type SmsContent = {
  message?: string;
  compliance?: { stopKeywordText?: string; unsubscribeLinkText?: string };
  imageID?: string;
  isLinkShorteningEnabled?: boolean;
};

export type Delay = { amount: number; unit: "h" | "d" };

export type AbTestData = {
  settings: { testSizePercent?: number; winningMetric?: "openRate" | "clickRate"; decisionTime?: Delay };
  variants: { a: { id: string; email: EmailContent }; b: { id: string; email: EmailContent } };
};

export type SendingData = {
  strategy: "immediate" | "scheduled" | "personalized";
  scheduledAt: Date | null;
  optimizeFor: "opens" | "clicks" | "orders" | null;
  isTZOptimizationEnabled: boolean;
};

export type BoosterData = { parentId: string; sendTo: "nonOpeners" | "nonClickers"; delay: Delay | null };

/** topicID: the subscription topic the campaign is sent for (lib/topics), absent when none */
export type AudienceData = { includedSegmentIDs: string[]; excludedSegmentIDs: string[]; topicID?: string };

export type UtmData = { source?: string; medium?: string; campaign?: string };

export type CampaignData = {
  name: string;
  channel: CampaignChannel;
  type: CampaignType;
  language: string;
  audience: AudienceData;
  content: { email?: EmailContent; sms?: SmsContent } | null;
  sending: SendingData;
  abTest: AbTestData | null;
  booster: BoosterData | null;
  /** regular: the tags; A/B: per variant */
  utm: UtmData | { a?: UtmData; b?: UtmData } | null;
};

/** A stored campaign: its data plus what the service keeps about its life. */
export type Campaign = CampaignData & {
  id: string;
  brandId: string;
  status: CampaignStatus;
  statusReason: string | null;
  winner: { part: "a" | "b"; selectedAt: Date; manual: boolean } | null;
  runStep: string | null;
  nextRunAt: Date | null;
  runCursor: string | null;
  queuedCount: number;
  skippedCount: number;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
};

export const VARIANTS = ["a", "b"] as const;
export type VariantPart = (typeof VARIANTS)[number];

export const delayMs = (delay: Delay) => delay.amount * (delay.unit === "h" ? 3_600_000 : 86_400_000);
