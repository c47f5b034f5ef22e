import type { Metadata } from "next";
import { TestEmailsPage } from "@/components/test-emails/test-emails-page";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Test emails" };
export const dynamic = "force-dynamic";

export default function Page() {
  return <TestEmailsPage hasMailServer={config().smtp !== null} />;
}
