import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export const metadata: Metadata = { title: "Contacts" };

export default function ContactsPage() {
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Contacts</h1>
      </div>
      <EmptyState title="No contacts yet" action={<Link className="btn btn-secondary" href="/settings/api-keys">Create an API key</Link>}>
        <p>The people your brand messages will appear here, with their email, phone and the events they have triggered.</p>
        <p>Contacts are created when your systems send them, or their events, to the Inkwell API.</p>
      </EmptyState>
    </>
  );
}
