"use client";
// The "request credentials" form of the Developer apps page. The server action validates; its errors show
// at the top (every one, each a link to its field) and beside each field, and an error goes away as soon
// as its field is edited.
import { useActionState, useState } from "react";
import { requestAppAction, type RequestAppState } from "@/lib/oauth/dashboard-actions";
import { SCOPE_DESCRIPTIONS, SCOPES } from "@/lib/http/scopes";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";

const initial: RequestAppState = { status: "idle" };

const FIELDS = [
  { name: "name", label: "App name", target: "field-name" },
  { name: "redirectUris", label: "Redirect URIs", target: "field-redirectUris" },
  { name: "scopes", label: "Scopes", target: "scope-contacts.read" },
  { name: "contactEmail", label: "Contact email", target: "field-contactEmail" },
] as const;

export function RequestAppForm({ defaultEmail }: { defaultEmail: string }) {
  const [state, action] = useActionState(requestAppAction, initial);
  // The state each field was last edited in: an error from that same answer has been dealt with.
  const [editedIn, setEditedIn] = useState<Record<string, RequestAppState>>({});
  const errorOf = (field: string) => (editedIn[field] === state ? undefined : state.errors?.[field]);
  const open = FIELDS.filter((f) => errorOf(f.name));
  // React resets the form after an action; failed submissions come back as the new defaults.
  const values = state.values;
  return (
    <form
      action={action}
      className="card"
      aria-labelledby="request-app-title"
      noValidate
      onChange={(e) => {
        const name = (e.target as EventTarget as HTMLInputElement).name;
        if (name) setEditedIn((edited) => ({ ...edited, [name]: state }));
      }}
    >
      {/* A wrapper for the spacing: React puts the action's hidden inputs first in the form. */}
      <div className="stack">
        <h2 id="request-app-title" className="card-title">
          Request credentials for an app
        </h2>
        {state.status === "ok" && (
          <div className="alert alert-success" role="status">
            {state.message}
          </div>
        )}
        {state.status === "error" && open.length > 0 && (
          <div className="alert alert-error" role="alert">
            <p>{state.message}</p>
            <ul>
              {open.map((f) => (
                <li key={f.name}>
                  <a href={`#${f.target}`}>
                    {f.label}: {errorOf(f.name)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        <Field
          label="App name"
          name="name"
          defaultValue={values?.name}
          required
          maxLength={100}
          autoComplete="off"
          error={errorOf("name")}
          hint="Brands see this name when they connect your app."
        />
        <div className="field">
          <label className="label" htmlFor="field-redirectUris">
            Redirect URIs
          </label>
          <textarea
            id="field-redirectUris"
            name="redirectUris"
            rows={3}
            className="input input-mono"
            defaultValue={values?.redirectUris}
            required
            placeholder="https://app.example.com/oauth/callback"
            spellCheck={false}
            aria-invalid={errorOf("redirectUris") ? true : undefined}
            aria-describedby={errorOf("redirectUris") ? "redirect-hint redirect-error" : "redirect-hint"}
          />
          <p id="redirect-hint" className="hint">
            One per line, matched exactly. https only (http is allowed for localhost); no fragments.
          </p>
          {errorOf("redirectUris") && (
            <p id="redirect-error" className="field-error">
              {errorOf("redirectUris")}
            </p>
          )}
        </div>
        <fieldset className="fieldset" aria-describedby={errorOf("scopes") ? "scopes-error" : undefined}>
          <legend>What the app needs to do</legend>
          <div>
            {SCOPES.map((scope) => (
              <label key={scope} className="checkbox checkbox-block">
                <input id={`scope-${scope}`} type="checkbox" name="scopes" value={scope} defaultChecked={values?.scopes.includes(scope)} />
                <span>
                  {SCOPE_DESCRIPTIONS[scope]} <span className="muted small">({scope})</span>
                </span>
              </label>
            ))}
          </div>
          {errorOf("scopes") && (
            <p id="scopes-error" className="field-error">
              {errorOf("scopes")}
            </p>
          )}
        </fieldset>
        <Field
          label="Contact email"
          name="contactEmail"
          type="email"
          defaultValue={values?.contactEmail ?? defaultEmail}
          autoComplete="email"
          error={errorOf("contactEmail")}
          hint="Where the operator writes to you about this request."
        />
        <div className="form-actions">
          <SubmitButton pendingText="Sending request…">Request credentials</SubmitButton>
        </div>
      </div>
    </form>
  );
}
