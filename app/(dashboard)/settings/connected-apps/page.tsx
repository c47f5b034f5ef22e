// Connected apps: the OAuth apps the active brand has authorized, with Disconnect.
import type { Metadata } from "next";
import Link from "next/link";
import { listConnectedApps } from "@/lib/oauth/connected-apps";
import { requireBrand } from "@/lib/oauth/dashboard-session";
import { ConnectedAppsTable } from "@/components/oauth/connected-apps-table";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connected apps" };

export default async function ConnectedAppsPage() {
  const { brandId } = await requireBrand("/settings/connected-apps");
  const apps = brandId ? await listConnectedApps(brandId) : [];
  return (
    <>
      <SettingsPageHeader title="Connected apps">
        Apps you allowed to work with this brand’s contacts, events and templates. Disconnecting an app ends its access at once.
      </SettingsPageHeader>
      <section aria-labelledby="connected-title" className="stack">
        <h2 id="connected-title" className="section-title">
          Apps with access
        </h2>
        {apps.length === 0 ? (
          <EmptyState title="No apps are connected to this brand">
            <p>
              To connect an app, start from the app itself: its “Connect with Inkwell” button brings you to a page here where you choose
              what it may do. It then shows on this page, and you can disconnect it at any time.
            </p>
            <p>
              Building your own integration? Request credentials under <Link href="/developer-apps">Developer apps</Link>, or use an{" "}
              <Link href="/settings/api-keys">API key</Link> for your own systems.
            </p>
          </EmptyState>
        ) : (
          <ConnectedAppsTable apps={apps} />
        )}
      </section>
    </>
  );
}
