// Operator review of OAuth app requests (users with the operator role only; others get a 404).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listClientsForOperator } from "@/lib/oauth/clients";
import { reviewClientAction } from "@/lib/oauth/dashboard-actions";
import { requireUser } from "@/lib/oauth/dashboard-session";
import { SubmitButton } from "@/components/oauth/submit-button";
import { IntrospectionSetting, PkceSetting } from "@/components/oauth/client-settings";
import { LocalDate } from "@/components/ui/local-date";
import styles from "@/components/oauth/oauth.module.css";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "OAuth app requests" };

export default async function OperatorClientsPage() {
  const { isOperator } = await requireUser("/operator/oauth-clients");
  if (!isOperator) notFound();
  const clients = await listClientsForOperator();
  const pending = clients.filter((c) => c.status === "pending");
  const reviewed = clients.filter((c) => c.status !== "pending");
  return (
    <div className={styles.page}>
      <h1>OAuth app requests</h1>
      <h2 style={{ fontSize: "1.15rem" }}>Waiting for review ({pending.length})</h2>
      {pending.length === 0 ? <p className={styles.empty}>No requests are waiting.</p> : null}
      {pending.map((c) => (
        <section key={c.id} className={styles.form} style={{ marginBottom: "1rem" }} aria-label={c.name}>
          <h3 style={{ margin: 0 }}>{c.name}</h3>
          <div className={styles.muted}>
            Requested by {c.ownerEmail ?? "unknown"} on <LocalDate value={c.createdAt} withTime />; contact {c.contactEmail ?? "—"}
          </div>
          <div>Scopes: {c.scopes.join(", ")}</div>
          <div>Redirect URIs: {c.redirectUris.join(", ")}</div>
          <div>
            PKCE: <PkceSetting client={c} />
          </div>
          <div>
            Token introspection: <IntrospectionSetting client={c} />
          </div>
          <form action={reviewClientAction} className={styles.actions} style={{ marginTop: 0 }}>
            <input type="hidden" name="clientId" value={c.clientId} />
            <SubmitButton name="decision" value="approved" pendingLabel="Saving…" ariaLabel={`Approve ${c.name}`}>
              Approve
            </SubmitButton>
            <SubmitButton name="decision" value="rejected" variant="danger" pendingLabel="Saving…" ariaLabel={`Reject ${c.name}`}>
              Reject
            </SubmitButton>
          </form>
        </section>
      ))}
      <h2 style={{ fontSize: "1.15rem" }}>Reviewed</h2>
      {reviewed.length === 0 ? (
        <p className={styles.empty}>No reviewed apps yet.</p>
      ) : (
        <table className={styles.table}>
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
                <td>{c.name}</td>
                <td>
                  <code>{c.clientId}</code>
                </td>
                <td>
                  <span className={styles.status}>{c.status}</span>
                </td>
                <td>
                  <PkceSetting client={c} />
                </td>
                <td>
                  <IntrospectionSetting client={c} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
