import type { Metadata } from "next";
import Link from "next/link";
import { FormsList } from "@/components/forms/forms-list";

export const metadata: Metadata = { title: "Forms" };

export default function FormsPage() {
  return (
    <>
      <div className="page-header page-header-row">
        <h1 className="page-title">Forms</h1>
        <Link className="btn btn-primary" href="/forms/new">
          New form
        </Link>
      </div>
      <FormsList />
    </>
  );
}
