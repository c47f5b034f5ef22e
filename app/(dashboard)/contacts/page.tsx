import type { Metadata } from "next";
import Link from "next/link";
import { ContactsBrowser } from "@/components/contacts/contacts-browser";
import { VIEW_KEYS, type ContactView } from "@/components/contacts/contacts-client";

export const metadata: Metadata = { title: "Contacts" };


export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const initialView = Object.fromEntries(VIEW_KEYS.flatMap((k) => (typeof query[k] === "string" && query[k] ? [[k, query[k]]] : []))) as ContactView;
  return (
    <>
      <div className="page-header page-header-row">
        <h1 className="page-title">Contacts</h1>
        <div className="form-row">
          <Link className="btn btn-secondary" href="/contacts/import">
            Import CSV
          </Link>
          <Link className="btn btn-primary" href="/contacts/new">
            Add contact
          </Link>
        </div>
      </div>
      {typeof query.erased === "string" && (
        <p className="alert alert-success" role="status">
          {query.erased} was erased. Their details and events are gone; the audit log records the erasure.
        </p>
      )}
      <ContactsBrowser initialView={initialView} syncUrl />
    </>
  );
}
