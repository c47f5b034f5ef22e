import type { Metadata } from "next";
import Link from "next/link";
import { ContactsBrowser } from "@/components/contacts/contacts-browser";
import { VIEW_KEYS, type ContactView } from "@/components/contacts/contacts-client";
import { ErasureNotice } from "@/components/contacts/erasure-notice";
import { requireSession } from "@/lib/auth/require-session";
import { getErasure } from "@/lib/contacts/erase-contact";

export const metadata: Metadata = { title: "Contacts" };

export default async function ContactsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  // ?erased= names the audit line of a contact just erased (never the person).
  const { userId, brand } = await requireSession();
  const erasure = typeof query.erased === "string" && brand ? await getErasure(brand.id, query.erased) : null;
  const initialView = Object.fromEntries(
    VIEW_KEYS.flatMap((k) => (typeof query[k] === "string" && query[k] ? [[k, query[k]]] : [])),
  ) as ContactView;
  return (
    <>
      <div className="page-header page-header-row page-wide">
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
      {erasure && <ErasureNotice erasure={erasure} byYou={erasure.erasedBy === `user:${userId}`} />}
      <ContactsBrowser initialView={initialView} syncUrl />
    </>
  );
}
