import type { Metadata } from "next";
import { EditContact } from "@/components/contacts/edit-contact";

export const metadata: Metadata = { title: "Edit contact" };

export default async function EditContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditContact id={id} />;
}
