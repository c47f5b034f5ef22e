"use client";
import { useActionState } from "react";
import { requestAppAction, type RequestAppState } from "@/lib/oauth/dashboard-actions";
import { SCOPE_DESCRIPTIONS, SCOPES } from "@/lib/http/scopes";
import { SubmitButton } from "./submit-button";
import styles from "./oauth.module.css";

const initial: RequestAppState = { status: "idle" };

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className={styles.error}>
      {message}
    </span>
  ) : null;
}

/** The "request credentials" form of the Developer apps page. */
export function RequestAppForm({ defaultEmail }: { defaultEmail: string }) {
  const [state, action] = useActionState(requestAppAction, initial);
  const errors = state.errors ?? {};
  // React resets the form after an action; failed submissions come back as the new defaults.
  const values = state.values;
  return (
    <form action={action} className={styles.form} aria-labelledby="request-app-title" noValidate>
      <h2 id="request-app-title" style={{ margin: 0, fontSize: "1.15rem" }}>
        Request credentials for an app
      </h2>
      {state.message ? (
        <p role={state.status === "error" ? "alert" : "status"} className={state.status === "error" ? styles.error : styles.notice}>
          {state.message}
        </p>
      ) : null}
      <label>
        App name
        <input name="name" className={styles.input} defaultValue={values?.name} required maxLength={100} aria-invalid={!!errors.name} aria-describedby={errors.name ? "name-error" : undefined} />
        <FieldError id="name-error" message={errors.name} />
      </label>
      <label>
        Redirect URIs (one per line, exact match)
        <textarea
          name="redirectUris"
          rows={3}
          className={styles.input}
          defaultValue={values?.redirectUris}
          required
          placeholder="https://app.example.com/oauth/callback"
          aria-invalid={!!errors.redirectUris}
          aria-describedby={errors.redirectUris ? "redirect-error" : "redirect-help"}
        />
        <span id="redirect-help" className={styles.muted}>
          https only (http is allowed for localhost). No fragments.
        </span>
        <FieldError id="redirect-error" message={errors.redirectUris} />
      </label>
      <fieldset className={styles.fieldset} aria-invalid={!!errors.scopes} aria-describedby={errors.scopes ? "scopes-error" : undefined}>
        <legend>Scopes the app needs</legend>
        {SCOPES.map((scope) => (
          <label key={scope} style={{ fontWeight: 400, display: "block" }}>
            <input type="checkbox" name="scopes" value={scope} defaultChecked={values?.scopes.includes(scope)} /> {SCOPE_DESCRIPTIONS[scope]} <span className={styles.muted}>({scope})</span>
          </label>
        ))}
        <FieldError id="scopes-error" message={errors.scopes} />
      </fieldset>
      <label>
        Contact email
        <input
          name="contactEmail"
          type="email"
          className={styles.input}
          defaultValue={values?.contactEmail ?? defaultEmail}
          aria-invalid={!!errors.contactEmail}
          aria-describedby={errors.contactEmail ? "email-error" : undefined}
        />
        <FieldError id="email-error" message={errors.contactEmail} />
      </label>
      <div>
        <SubmitButton pendingLabel="Sending request…">Request credentials</SubmitButton>
      </div>
    </form>
  );
}
