// Developer apps: request OAuth credentials, follow the request, get or rotate the client secret.
// Laid out like the Settings pages (breadcrumb, page header, sections) since Settings links here.
import type { Metadata } from "next";
import Link from "next/link";
import { listClientsOfOwner } from "@/lib/oauth/clients";
import { requireUser } from "@/lib/oauth/dashboard-session";
import { DeveloperAppsTable } from "@/components/oauth/developer-apps-table";
import { RequestAppForm } from "@/components/oauth/request-app-form";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";
import { EmptyState } from "@/components/ui/empty-state";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Developer apps" };

export default async function DeveloperAppsPage() {
  const { userId, email } = await requireUser("/developer-apps");
  const apps = await listClientsOfOwner(userId);
  return (
    <>
      <SettingsPageHeader title="Developer apps">
        Building an app that many brands connect to? Request OAuth 2.0 credentials here. The operator reviews each request (usually in 1–3
        business days); approved apps get their client secret on this page. See the <Link href="/docs/api">API reference</Link> for the
        authorization flow.
      </SettingsPageHeader>
      <div className="stack-lg">
        <section aria-labelledby="apps-title" className="stack">
          <h2 id="apps-title" className="section-title">
            Your apps
          </h2>
          {apps.length === 0 ? (
            <EmptyState
              title="No apps yet"
              action={
                <a href="#request-app-title" className="btn btn-primary">
                  Request credentials
                </a>
              }
            >
              <p>
                Fill in the form below with your app’s name, where to send people back after they connect, and what it needs to do. Your
                request then shows here while the operator reviews it.
              </p>
            </EmptyState>
          ) : (
            <DeveloperAppsTable apps={apps} />
          )}
        </section>
        <RequestAppForm defaultEmail={email} />
      </div>
    </>
  );
}
