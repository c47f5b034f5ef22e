// Connected apps: the OAuth apps the active brand has authorized, with Revoke.
import type { Metadata } from "next";
import { SCOPE_DESCRIPTIONS, isScope } from "@/lib/http/scopes";
import { listConnectedApps } from "@/lib/oauth/connected-apps";
import { revokeConnectedAppAction } from "@/lib/oauth/dashboard-actions";
import { requireBrand } from "@/lib/oauth/dashboard-session";
import { SubmitButton } from "@/components/oauth/submit-button";
import { LocalDate } from "@/components/ui/local-date";
import styles from "@/components/oauth/oauth.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connected apps" };

export default async function ConnectedAppsPage() {
  const { brandId } = await requireBrand("/settings/connected-apps");
  const apps = brandId ? await listConnectedApps(brandId) : [];
  return (
    <div className={styles.page}>
      <h1>Connected apps</h1>
      <p className={styles.muted}>Apps you allowed to act for this brand. Revoking an app ends its access at once.</p>
      {apps.length === 0 ? (
        <p className={styles.empty}>No apps are connected to this brand.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Can</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className={styles.srOnly}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {apps.map((app) => (
              <tr key={app.id}>
                <td>
                  <strong>{app.name}</strong>
                  <div className={styles.muted}>By {app.developer}</div>
                  <div className={styles.muted}>Authorized <LocalDate value={app.authorizedAt} withTime /></div>
                </td>
                <td>
                  <ul className={styles.scopes} style={{ margin: 0 }}>
                    {app.scopes.map((scope) => (
                      <li key={scope}>{isScope(scope) ? SCOPE_DESCRIPTIONS[scope] : scope}</li>
                    ))}
                  </ul>
                </td>
                <td><LocalDate value={app.lastUsedAt} withTime /></td>
                <td>
                  <form action={revokeConnectedAppAction}>
                    <input type="hidden" name="id" value={app.id} />
                    <SubmitButton variant="danger" pendingLabel="Revoking…" ariaLabel={`Revoke ${app.name}`}>
                      Revoke
                    </SubmitButton>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
