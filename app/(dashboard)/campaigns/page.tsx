import type { Metadata } from "next";
import Link from "next/link";
import { CampaignsList } from "@/components/campaigns/campaigns-list";

export const metadata: Metadata = { title: "Campaigns" };

export default function CampaignsPage() {
  return (
    <>
      <div className="page-header page-header-row">
        <h1 className="page-title">Campaigns</h1>
        <Link className="btn btn-primary" href="/campaigns/new">
          New campaign
        </Link>
      </div>
      <CampaignsList />
    </>
  );
}
