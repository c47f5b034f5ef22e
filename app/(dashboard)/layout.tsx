// The signed-in shell: top bar, navigation, brand switcher, and the data layer for client components.
import { Providers } from "@/components/providers";
import { TopBar } from "@/components/dashboard/top-bar";
import { V4UsageNotice } from "@/components/v4/v4-usage-notice";
import { NoDeliveryNotice } from "@/components/sending/no-delivery-notice";
import { config } from "@/lib/config";
import { requireSession } from "@/lib/auth/require-session";
import { signOutAction } from "@/lib/accounts/dashboard-actions";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { email, brands, brand } = await requireSession();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar email={email} brands={brands.map(({ id, name }) => ({ id, name }))} activeBrandId={brand?.id ?? null} />
      {/* Keyed by brand: switching brands starts a fresh query cache, so no other brand's data lingers. */}
      <Providers key={brand?.id ?? "none"}>
        <main id="main" className="container main" tabIndex={-1}>
          {brand ? (
            <>
              {config().smtp === null && <NoDeliveryNotice />}
              <V4UsageNotice brandId={brand.id} />
              {children}
            </>
          ) : (
            <div className="empty-state">
              <h1>No brand yet</h1>
              <p>Your account is not a member of any brand. Ask a brand owner to add you, or sign out and create a new account.</p>
              <form action={signOutAction}>
                <button type="submit" className="btn btn-secondary">
                  Sign out
                </button>
              </form>
            </div>
          )}
        </main>
      </Providers>
    </>
  );
}
