import type { Metadata } from "next";
import { TemplatesList } from "@/components/templates/templates-list";
import "@/components/templates/templates.css";

export const metadata: Metadata = { title: "Templates" };

export default function TemplatesPage() {
  return <TemplatesList />;
}
