import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Templates" };

export default function TemplatesPage() {
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Templates</h1>
      </div>
      <EmptyState title="No email templates yet" action={<Link className="btn btn-secondary" href="/docs/api">Read the API reference</Link>}>
        <p>
          Your brand&apos;s email templates will be listed here: build them from sections, rows and blocks, import existing HTML,
          and preview them on desktop and mobile.
        </p>
        <p>The visual editor is on its way. Meanwhile you can create templates through the API with an API key.</p>
      </EmptyState>
    </>
  );
}
