import type { Metadata } from "next";
import Link from "next/link";
import { NewAutomation } from "@/components/automations/new-automation";

export const metadata: Metadata = { title: "New automation" };

export default function NewAutomationPage() {
  return (
    <>
      <div className="page-header">
        <Link href="/automations">← Automations</Link>
        <h1 className="page-title">New automation</h1>
        <p>Start from a working flow with its emails, then change what you like, simulate it and enable it.</p>
      </div>
      <NewAutomation />
    </>
  );
}
