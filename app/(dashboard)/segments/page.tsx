import type { Metadata } from "next";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Segments" };

export default function SegmentsPage() {
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Segments</h1>
      </div>
      <EmptyState title="No segments yet">
        <p>Segments group your contacts by who they are and what they did, so a message reaches the right people.</p>
        <p>Once contacts arrive you will be able to define segments here and see how many contacts each one matches.</p>
      </EmptyState>
    </>
  );
}
