import type { Metadata } from "next";
import { CampaignReportPage } from "@/components/campaigns/report/campaign-report";

export const metadata: Metadata = { title: "Campaign report" };

export default async function ReportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <CampaignReportPage id={id} />;
}
