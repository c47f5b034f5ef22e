import type { Metadata } from "next";
import Link from "next/link";
import { SegmentEditor } from "@/components/segments/segment-editor";

export const metadata: Metadata = { title: "New segment" };

export default function NewSegmentPage() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/segments">Segments</Link> <span aria-hidden="true">/</span> <span aria-current="page">New segment</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">New segment</h1>
        <p className="muted">A contact is in the segment when it matches every condition of at least one group.</p>
      </div>
      <SegmentEditor />
    </>
  );
}
