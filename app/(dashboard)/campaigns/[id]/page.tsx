import type { Metadata } from "next";
import { CampaignProgress } from "@/components/campaigns/campaign-progress";

export const metadata: Metadata = { title: "Campaign" };

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CampaignProgress id={id} />;
}
