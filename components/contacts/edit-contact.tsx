"use client";
// The edit page's body: loads the contact, then the form seeded with it.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ContactForm } from "./contact-form";
import { contactKeys, displayName, getContact } from "./contacts-client";
import { userMessage } from "@/components/ui/messages";

export function EditContact({ id }: { id: string }) {
  const contact = useQuery({ queryKey: contactKeys.detail(id), queryFn: () => getContact(id) });
  if (contact.isPending) {
    return (
      <p className="loading" role="status">
        Loading contact…
      </p>
    );
  }
  if (contact.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{userMessage(contact.error, { 404: "This contact no longer exists. It may have been erased." })}</p>
        <Link href="/contacts">Back to contacts</Link>
      </div>
    );
  }
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/contacts">Contacts</Link> <span aria-hidden="true">/</span>{" "}
        <Link href={`/contacts/${id}`}>{displayName(contact.data)}</Link> <span aria-hidden="true">/</span>{" "}
        <span aria-current="page">Edit</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">Edit {displayName(contact.data)}</h1>
      </div>
      <ContactForm key={contact.data.updatedAt} contact={contact.data} />
    </>
  );
}
