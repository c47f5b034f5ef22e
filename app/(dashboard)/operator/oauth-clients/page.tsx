// Operator review of OAuth app requests (users with the operator role only; others get a 404).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listClientsForOperator, type ClientSummary } from "@/lib/oauth/clients";
import { reviewClientAction } from "@/lib/oauth/dashboard-actions";
import { requireUser } from "@/lib/oauth/dashboard-session";
import { IntrospectionSetting, PkceSetting } from "@/components/oauth/client-settings";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalDate } from "@/components/ui/local-date";
import { SubmitButton } from "@/components/ui/submit-button";
import "@/components/oauth/oauth.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "OAuth app requests" };

const STATUS = { pending: "badge-warning", approved: "badge-success", rejected: "badge-danger" } as const;

function PendingRequest({ c }: { c: ClientSummary }) {
  return (
    <section className="card stack" aria-label={c.name}>
      <h3 className="card-title">{c.name}</h3>
      <dl className="field-list field-list-stack">
        <div>
          <dt>Requested by</dt>
          <dd>
            {c.ownerEmail ?? "unknown"}, <LocalDate value={c.createdAt} withTime />
          </dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>{c.contactEmail ?? "—"}</dd>
        </div>
        <div>
          <dt>Scopes</dt>
          <dd>{c.scopes.join(", ")}</dd>
        </div>
        <div>
          <dt>Redirect URIs</dt>
          <dd className="break">{c.redirectUris.join(", ")}</dd>
        </div>
        <div>
          <dt>PKCE</dt>
          <dd>
            <PkceSetting client={c} />
          </dd>
        </div>
        <div>
          <dt>Token introspection</dt>
          <dd>
            <IntrospectionSetting client={c} />
          </dd>
        </div>
      </dl>
      <form action={reviewClientAction} className="form-actions">
        <input type="hidden" name="clientId" value={c.clientId} />
        <SubmitButton name="decision" value="approved" pendingText="Saving…" aria-label={`Approve ${c.name}`}>
          Approve
        </SubmitButton>
        <SubmitButton
          name="decision"
          value="rejected"
          className="btn btn-danger-ghost"
          pendingText="Saving…"
          aria-label={`Reject ${c.name}`}
        >
          Reject
        </SubmitButton>
      </form>
    </section>
  );
}

export default async function OperatorClientsPage() {
  const { isOperator } = await requireUser("/operator/oauth-clients");
  if (!isOperator) notFound();
  const clients = await listClientsForOperator();
  const pending = clients.filter((c) => c.status === "pending");
  const reviewed = clients.filter((c) => c.status !== "pending");
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">OAuth app requests</h1>
        <p className="muted">
          Developers ask for OAuth credentials on their Developer apps page. Approve an app to let it ask brands for access.
        </p>
      </div>
      <div className="stack-lg">
        <section aria-labelledby="pending-title" className="stack">
          <h2 id="pending-title" className="section-title">
            Waiting for review ({pending.length})
          </h2>
          {pending.length === 0 ? (
            <EmptyState title="No requests are waiting" headingLevel={3}>
              <p>New requests from developers show here.</p>
            </EmptyState>
          ) : (
            pending.map((c) => <PendingRequest key={c.id} c={c} />)
          )}
        </section>
        <section aria-labelledby="reviewed-title" className="stack">
          <h2 id="reviewed-title" className="section-title">
            Reviewed
          </h2>
          {reviewed.length === 0 ? (
            <EmptyState title="No reviewed apps yet" headingLevel={3}>
              <p>Apps you approve or reject move here, with their PKCE and introspection settings.</p>
            </EmptyState>
          ) : (
            <div className="table-wrap">
              <table className="table table-stack">
                <caption className="visually-hidden">Reviewed apps</caption>
                <thead>
                  <tr>
                    <th scope="col">App</th>
                    <th scope="col">Client ID</th>
                    <th scope="col">Status</th>
                    <th scope="col">PKCE</th>
                    <th scope="col">Token introspection</th>
                  </tr>
                </thead>
                <tbody>
                  {reviewed.map((c) => (
                    <tr key={c.id}>
                      <th scope="row" className="cell-strong" data-label="App">
                        {c.name}
                      </th>
                      <td data-label="Client ID">
                        <code className="code-wrap">{c.clientId}</code>
                      </td>
                      <td data-label="Status">
                        <span className={`badge ${STATUS[c.status]}`}>{c.status === "approved" ? "Approved" : "Rejected"}</span>
                      </td>
                      <td data-label="PKCE">
                        <PkceSetting client={c} />
                      </td>
                      <td data-label="Token introspection">
                        <IntrospectionSetting client={c} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
