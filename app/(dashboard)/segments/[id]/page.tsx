import type { Metadata } from "next";
import { SegmentEditorPage } from "@/components/segments/segment-editor";

export const metadata: Metadata = { title: "Segment" };

export default async function SegmentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SegmentEditorPage id={id} />;
}
