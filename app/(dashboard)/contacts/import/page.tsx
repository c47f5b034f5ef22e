import type { Metadata } from "next";
import Link from "next/link";
import { CsvImport } from "@/components/contacts/csv-import";

export const metadata: Metadata = { title: "Import contacts" };

export default function ImportContactsPage() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/contacts">Contacts</Link> <span aria-hidden="true">/</span> <span aria-current="page">Import contacts</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">Import contacts</h1>
        <p className="muted">Bring in contacts from a spreadsheet or another tool, saved as CSV.</p>
      </div>
      <CsvImport />
    </>
  );
}
