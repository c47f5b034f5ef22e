import type { Metadata } from "next";
import Link from "next/link";
import { ApiKeysPanel } from "@/components/settings/api-keys-panel";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";

export const metadata: Metadata = { title: "API keys" };

export default function ApiKeysPage() {
  return (
    <>
      <SettingsPageHeader title="API keys">
        An API key gives full access to this brand through the <Link href="/docs/api">Inkwell API</Link>. Keep keys on your servers, never
        in a browser or app.
      </SettingsPageHeader>
      <ApiKeysPanel />
    </>
  );
}
