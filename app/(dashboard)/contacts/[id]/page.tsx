import type { Metadata } from "next";
import { ContactProfile } from "@/components/contacts/contact-profile";

export const metadata: Metadata = { title: "Contact" };

export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ContactProfile id={id} />;
}
