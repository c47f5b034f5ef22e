// The apps a developer requested: status, client id, and the secret for approved apps.
import type { ClientSummary } from "@/lib/oauth/clients";
import { LocalDate } from "@/components/ui/local-date";
import { ClientSecretPanel } from "./client-secret-panel";
import "./oauth.css";

const STATUS = {
  pending: { text: "Waiting for review", badge: "badge-warning" },
  approved: { text: "Approved", badge: "badge-success" },
  rejected: { text: "Not approved", badge: "badge-danger" },
} as const;

export function DeveloperAppsTable({ apps }: { apps: ClientSummary[] }) {
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <caption className="visually-hidden">Apps you requested</caption>
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">Status</th>
            <th scope="col">Client ID</th>
            <th scope="col">Client secret</th>
          </tr>
        </thead>
        <tbody>
          {apps.map((app) => (
            <tr key={app.id}>
              <th scope="row" data-label="App">
                <div className="stack-xs">
                  <span className="cell-strong">{app.name}</span>
                  <span className="muted small">
                    Requested <LocalDate value={app.createdAt} withTime />
                  </span>
                  <span className="muted small">Scopes: {app.scopes.join(", ")}</span>
                  <span className="muted small break">Redirect URIs: {app.redirectUris.join(", ")}</span>
                </div>
              </th>
              <td data-label="Status">
                <span className={`badge ${STATUS[app.status].badge}`}>{STATUS[app.status].text}</span>
              </td>
              <td data-label="Client ID">
                <code className="code-wrap">{app.clientId}</code>
              </td>
              <td data-label="Client secret">
                {app.status === "approved" ? (
                  <div className="stack-xs">
                    <span className="muted small">
                      {app.hasSecret ? (
                        <>
                          Issued <LocalDate value={app.secretIssuedAt} withTime />
                        </>
                      ) : (
                        "Not issued yet"
                      )}
                    </span>
                    <ClientSecretPanel id={app.id} appName={app.name} hasSecret={app.hasSecret} />
                  </div>
                ) : (
                  <span className="muted">
                    {app.status === "pending" ? "Available once the app is approved." : "This request was not approved."}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
