import type { Metadata } from "next";
import { OutboxPage } from "@/components/outbox/outbox-page";
import { parseOutboxShow } from "@/components/outbox/outbox-show";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Outbox" };
export const dynamic = "force-dynamic";

export default async function Page({ searchParams }: { searchParams: Promise<{ show?: string | string[] }> }) {
  const { show } = await searchParams;
  return <OutboxPage hasMailServer={config().smtp !== null} initialShow={parseOutboxShow(show)} />;
}
