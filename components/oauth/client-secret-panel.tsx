"use client";
import { useActionState } from "react";
import { rotateSecretAction, type SecretState } from "@/lib/oauth/dashboard-actions";
import { SubmitButton } from "./submit-button";
import styles from "./oauth.module.css";

const initial: SecretState = { status: "idle" };

/** Issues (first time) or rotates an approved app's client secret and shows it once. */
export function ClientSecretPanel({ id, appName, hasSecret }: { id: string; appName: string; hasSecret: boolean }) {
  const [state, action] = useActionState(rotateSecretAction, initial);
  return (
    <div>
      {state.status === "ok" ? (
        <div className={styles.notice} role="status">
          <p style={{ marginTop: 0 }}>
            Client secret for {appName} — copy it now, it will not be shown again:
          </p>
          <code className={styles.secret} aria-label="Client secret">
            {state.clientSecret}
          </code>
        </div>
      ) : null}
      {state.status === "error" ? (
        <p role="alert" className={styles.error}>
          {state.message}
        </p>
      ) : null}
      <form action={action}>
        <input type="hidden" name="id" value={id} />
        <SubmitButton pendingLabel="Issuing…" variant="secondary" ariaLabel={`${hasSecret ? "Rotate secret" : "Get client secret"} for ${appName}`}>
          {hasSecret || state.status === "ok" ? "Rotate secret" : "Get client secret"}
        </SubmitButton>
      </form>
      {hasSecret ? <p className={styles.muted}>Rotating issues a new secret; the previous one stops working at once.</p> : null}
    </div>
  );
}
