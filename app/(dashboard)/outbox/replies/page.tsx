import type { Metadata } from "next";
import { RepliesPage } from "@/components/outbox/replies-page";

export const metadata: Metadata = { title: "Replies" };
export const dynamic = "force-dynamic";

export default function Page() {
  return <RepliesPage />;
}
