import type { Metadata } from "next";
import Link from "next/link";
import { AutomationsList } from "@/components/automations/automations-list";

export const metadata: Metadata = { title: "Automations" };

export default function AutomationsPage() {
  return (
    <>
      <div className="page-header page-header-row">
        <h1 className="page-title">Automations</h1>
        <Link className="btn btn-primary" href="/automations/new">
          New automation
        </Link>
      </div>
      <AutomationsList />
    </>
  );
}
