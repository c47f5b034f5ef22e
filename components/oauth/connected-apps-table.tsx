// The apps a brand has authorized: who made them, what they may do, when they last acted, Disconnect.
import { SCOPE_DESCRIPTIONS, isScope } from "@/lib/http/scopes";
import type { ConnectedApp } from "@/lib/oauth/connected-apps";
import { LocalDate } from "@/components/ui/local-date";
import { DisconnectAppButton } from "./disconnect-app-button";

export function ConnectedAppsTable({ apps }: { apps: ConnectedApp[] }) {
  return (
    <div className="table-wrap">
      <table className="table table-stack">
        <caption className="visually-hidden">Connected apps</caption>
        <thead>
          <tr>
            <th scope="col">App</th>
            <th scope="col">It can</th>
            <th scope="col">Connected</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {apps.map((app) => (
            <tr key={app.id}>
              <th scope="row" data-label="App">
                <div className="stack-xs">
                  <span className="cell-strong">{app.name}</span>
                  <span className="muted small">By {app.developer}</span>
                </div>
              </th>
              <td data-label="It can">
                <ul className="plain-list">
                  {app.scopes.map((scope) => (
                    <li key={scope}>{isScope(scope) ? SCOPE_DESCRIPTIONS[scope] : scope}</li>
                  ))}
                </ul>
              </td>
              <td data-label="Connected">
                <LocalDate value={app.authorizedAt} withTime />
              </td>
              <td data-label="Last used">
                <LocalDate value={app.lastUsedAt} withTime />
              </td>
              <td className="cell-actions">
                <DisconnectAppButton id={app.id} name={app.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
