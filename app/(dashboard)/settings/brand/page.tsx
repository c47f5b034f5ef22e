import type { Metadata } from "next";
import Link from "next/link";
import { BrandSettingsForm } from "@/components/settings/brand-settings-form";

export const metadata: Metadata = { title: "Brand" };

export default function BrandSettingsPage() {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/settings">Settings</Link> <span aria-hidden="true">/</span> <span aria-current="page">Brand</span>
      </nav>
      <div className="page-header">
        <h1 className="page-title">Brand</h1>
        <p className="muted">Your brand’s name and postal address, as your emails’ footers show them.</p>
      </div>
      <BrandSettingsForm />
    </>
  );
}
