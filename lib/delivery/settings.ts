// A brand's sending settings (GET/PATCH /api/sending-settings, Settings → Sending; one SendingSettings
// row): open and click tracking, on by default, and revenue attribution's window and currency
// (./attribution). What the deployment sends through is reported beside them.
import { z } from "zod";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import {
  AttributionWindowDays,
  checkCurrencyChange,
  DEFAULT_CURRENCY,
  DEFAULT_WINDOW_DAYS,
  RevenueCurrency,
} from "./attribution/revenue-settings";
import { deploymentSender, deploymentSenderShared } from "./senders/verified-sender";

export const SendingSettingsPatch = z
  .strictObject({
    trackOpens: z.boolean().optional().meta({ description: "Add an open pixel to the brand's emails" }),
    trackClicks: z.boolean().optional().meta({ description: "Send the links of the brand's emails through Inkwell's click redirect" }),
    attributionWindowDays: AttributionWindowDays.optional(),
    revenueCurrency: RevenueCurrency.optional(),
  })
  .meta({ id: "SendingSettingsPatch" });
export type SendingSettingsPatch = z.infer<typeof SendingSettingsPatch>;

export const SendingSettingsSchema = z
  .object({
    trackOpens: z.boolean(),
    trackClicks: z.boolean(),
    attributionWindowDays: AttributionWindowDays,
    revenueCurrency: RevenueCurrency,
    transport: z.enum(["smtp", "outbox"]).meta({
      description:
        "smtp: emails go to the mail server Inkwell is configured with (SMTP_HOST); outbox: nothing is delivered, emails land in the built-in outbox",
    }),
    deploymentSender: z
      .string()
      .meta({ description: "SMTP_FROM's address: Inkwell's own test emails and confirmation links come from it" }),
    deploymentSenderShared: z.boolean().meta({
      description:
        "Whether campaigns and automations may send from deploymentSender (the operator's SMTP_FROM_SHARED), under the brand's own name",
    }),
  })
  .meta({ id: "SendingSettings" });
export type SendingSettings = z.infer<typeof SendingSettingsSchema>;

export async function getSendingSettings(brandId: string): Promise<SendingSettings> {
  const row = await db.sendingSettings.findUnique({
    where: { brandId },
    select: { trackOpens: true, trackClicks: true, attributionWindowDays: true, revenueCurrency: true },
  });
  return {
    trackOpens: row?.trackOpens ?? true,
    trackClicks: row?.trackClicks ?? true,
    attributionWindowDays: row?.attributionWindowDays ?? DEFAULT_WINDOW_DAYS,
    revenueCurrency: row?.revenueCurrency ?? DEFAULT_CURRENCY,
    transport: config().smtp ? "smtp" : "outbox",
    deploymentSender: deploymentSender().address,
    deploymentSenderShared: deploymentSenderShared(),
  };
}

export async function updateSendingSettings(brandId: string, patch: SendingSettingsPatch): Promise<SendingSettings> {
  await checkCurrencyChange(brandId, patch.revenueCurrency); // before any write: a refused patch changes nothing
  // One row, one upsert: a patch applies whole or not at all (Prisma leaves a field given as undefined alone).
  if (Object.values(patch).some((v) => v !== undefined)) {
    const data = { ...patch, updatedAt: new Date() };
    await db.sendingSettings.upsert({ where: { brandId }, create: { brandId, ...data }, update: data });
  }
  return getSendingSettings(brandId);
}
