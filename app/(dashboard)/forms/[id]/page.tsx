import type { Metadata } from "next";
import { FormBuilderPage } from "@/components/forms/form-builder";

export const metadata: Metadata = { title: "Form" };

export default async function FormPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <FormBuilderPage id={id} />;
}
