import type { Metadata } from "next";
import { OutboxPage } from "@/components/sending/outbox-page";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Outbox" };
export const dynamic = "force-dynamic";

export default function Page() {
  return <OutboxPage hasMailServer={config().smtp !== null} />;
}
