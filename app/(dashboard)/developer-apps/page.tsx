// Developer apps: request OAuth credentials, follow the request, get or rotate the client secret.
import type { Metadata } from "next";
import { listClientsOfOwner } from "@/lib/oauth/clients";
import { requireUser } from "@/lib/oauth/dashboard-session";
import { ClientSecretPanel } from "@/components/oauth/client-secret-panel";
import { RequestAppForm } from "@/components/oauth/request-app-form";
import { LocalDate } from "@/components/ui/local-date";
import styles from "@/components/oauth/oauth.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Developer apps" };

const STATUS_TEXT = { pending: "Waiting for review", approved: "Approved", rejected: "Rejected" } as const;

export default async function DeveloperAppsPage() {
  const { userId, email } = await requireUser("/developer-apps");
  const apps = await listClientsOfOwner(userId);
  return (
    <div className={styles.page}>
      <h1>Developer apps</h1>
      <p className={styles.muted}>
        Apps that serve many merchants connect with OAuth 2.0. Request credentials here; the operator reviews each request (usually 1–3 business days).
      </p>
      <h2 style={{ fontSize: "1.15rem" }}>Your apps</h2>
      {apps.length === 0 ? (
        <p className={styles.empty}>You have not requested credentials for any app yet.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.muted} style={{ textAlign: "left", padding: "0.5rem 0" }}>
            Apps you requested
          </caption>
          <thead>
            <tr>
              <th scope="col">App</th>
              <th scope="col">Status</th>
              <th scope="col">Credentials</th>
            </tr>
          </thead>
          <tbody>
            {apps.map((app) => (
              <tr key={app.id}>
                <td>
                  <strong>{app.name}</strong>
                  <div className={styles.muted}>Requested <LocalDate value={app.createdAt} withTime /></div>
                  <div className={styles.muted}>Scopes: {app.scopes.join(", ")}</div>
                  <div className={styles.muted}>Redirect URIs: {app.redirectUris.join(", ")}</div>
                </td>
                <td>
                  <span className={styles.status}>{STATUS_TEXT[app.status]}</span>
                </td>
                <td>
                  <div>
                    Client ID: <code className={styles.secret}>{app.clientId}</code>
                  </div>
                  {app.status === "approved" ? (
                    <>
                      <p className={styles.muted}>Secret {app.hasSecret ? <>issued <LocalDate value={app.secretIssuedAt} withTime /></> : "not issued yet"}</p>
                      <ClientSecretPanel id={app.id} appName={app.name} hasSecret={app.hasSecret} />
                    </>
                  ) : (
                    <p className={styles.muted}>{app.status === "pending" ? "The client secret is available once the app is approved." : "This request was not approved."}</p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div style={{ marginTop: "2rem" }}>
        <RequestAppForm defaultEmail={email} />
      </div>
    </div>
  );
}
