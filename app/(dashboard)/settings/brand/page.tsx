import type { Metadata } from "next";
import { BrandSettingsForm } from "@/components/settings/brand-settings-form";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";

export const metadata: Metadata = { title: "Brand" };

export default function BrandSettingsPage() {
  return (
    <>
      <SettingsPageHeader title="Brand">
        Your brand’s name and postal address, as your emails’ footers show them, and the time zone your campaigns are scheduled in.
      </SettingsPageHeader>
      <BrandSettingsForm />
    </>
  );
}
