import type { Metadata } from "next";
import { Suspense } from "react";
import { CampaignComposer } from "@/components/campaigns/composer/campaign-composer";

export const metadata: Metadata = { title: "New campaign" };

export default function NewCampaignPage() {
  return (
    <Suspense>
      <CampaignComposer campaignId={null} />
    </Suspense>
  );
}
