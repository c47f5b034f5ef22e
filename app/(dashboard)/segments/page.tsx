import type { Metadata } from "next";
import Link from "next/link";
import { SegmentsList } from "@/components/segments/segments-list";

export const metadata: Metadata = { title: "Segments" };

export default function SegmentsPage() {
  return (
    <>
      <div className="page-header page-header-row">
        <h1 className="page-title">Segments</h1>
        <Link className="btn btn-primary" href="/segments/new">
          New segment
        </Link>
      </div>
      <SegmentsList />
    </>
  );
}
