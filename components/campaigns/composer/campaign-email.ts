// A campaign's email fields wherever the published shape keeps them: `content.email` for a regular
// campaign, each variant's `content.email` for an A/B test (whose `content` is omitted). The composer
// edits an A/B test of the subject line: the variants share the design and the sender, and differ in
// their subject and preheader.
import type { z } from "zod";
import type { UpdateEmail } from "@/lib/campaigns/schemas";
import type { Campaign } from "../campaigns-client";

export type CampaignEmail = NonNullable<Campaign["content"]>["email"];
type EmailPatch = z.input<typeof UpdateEmail>;

/** The email of a regular campaign, or variant A's of an A/B test. */
export function emailOf(campaign: Campaign): CampaignEmail | undefined {
  return campaign.type === "abTest" ? campaign.abTest?.variants.a.content.email : campaign.content?.email;
}

/** The PATCH body that sets fields shared by every variant (the sender): both variants' for an A/B test. */
export function sharedEmailPatch(campaign: Campaign, email: EmailPatch) {
  return campaign.type === "abTest"
    ? { abTest: { variants: { a: { content: { email } }, b: { content: { email } } } } }
    : { content: { email } };
}
