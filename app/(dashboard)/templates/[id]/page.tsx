import type { Metadata } from "next";
import { TemplateEditor } from "@/components/editor/template-editor";

export const metadata: Metadata = { title: "Edit template" };

export default async function TemplateEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplateEditor templateId={id} />;
}
