import type { Metadata } from "next";
import { Suspense } from "react";
import { CampaignComposer } from "@/components/campaigns/composer/campaign-composer";

export const metadata: Metadata = { title: "Edit campaign" };

export default async function EditCampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <CampaignComposer campaignId={id} />
    </Suspense>
  );
}
