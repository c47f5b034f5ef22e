import type { Metadata } from "next";
import Link from "next/link";
import { ContactForm } from "@/components/contacts/contact-form";

export const metadata: Metadata = { title: "Add contact" };

export default function NewContactPage() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/contacts">Contacts</Link> <span aria-hidden="true">/</span> <span aria-current="page">Add contact</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">Add contact</h1>
        <p className="muted">If this email or phone already belongs to someone, you are asked before anything of theirs changes.</p>
      </div>
      <ContactForm />
    </>
  );
}
