import type { Metadata } from "next";
import { TemplateEditor } from "@/components/editor/template-editor";
import { config } from "@/lib/config";

export const metadata: Metadata = { title: "Edit template" };

export default async function TemplateEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplateEditor templateId={id} publicOrigin={config().appOrigin} />;
}
