import type { Metadata } from "next";
import Link from "next/link";
import { ContactsBrowser } from "@/components/contacts/contacts-browser";
import type { ContactFilters } from "@/components/contacts/contacts-client";

export const metadata: Metadata = { title: "Contacts" };

const FILTERS = ["email", "phone", "status", "tag", "segmentID"] as const;

export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const initialFilters = Object.fromEntries(FILTERS.flatMap((k) => (typeof query[k] === "string" && query[k] ? [[k, query[k]]] : []))) as ContactFilters;
  return (
    <>
      <div className="page-header page-header-row">
        <h1 className="page-title">Contacts</h1>
        <Link className="btn btn-primary" href="/contacts/new">
          Add contact
        </Link>
      </div>
      <ContactsBrowser initialFilters={initialFilters} syncUrl />
    </>
  );
}
