import type { Metadata } from "next";
import { AutomationBuilder } from "@/components/automations/builder/builder";

export const metadata: Metadata = { title: "Automation" };

export default async function AutomationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <>
      <h1 className="visually-hidden">Automation</h1>
      <AutomationBuilder id={id} />
    </>
  );
}
