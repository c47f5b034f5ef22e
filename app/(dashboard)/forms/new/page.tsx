import type { Metadata } from "next";
import { FormBuilderPage } from "@/components/forms/form-builder";

export const metadata: Metadata = { title: "New form" };

export default function NewFormPage() {
  return <FormBuilderPage />;
}
