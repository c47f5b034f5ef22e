"use client";
// Issues (first time) or rotates an approved app's client secret and shows it once, in a dialog like a new
// API key's. Rotating asks first: the previous secret stops working at once.
import { useActionState, useState } from "react";
import { rotateSecretAction, type SecretState } from "@/lib/oauth/dashboard-actions";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";

const initial: SecretState = { status: "idle" };

export function ClientSecretPanel({ id, appName, hasSecret }: { id: string; appName: string; hasSecret: boolean }) {
  const [state, action] = useActionState(rotateSecretAction, initial);
  // Asking is tied to the state it was asked in: the action's answer (a new state) closes the question.
  const [askedIn, setAskedIn] = useState<SecretState | null>(null);
  const confirming = askedIn === state;
  // The state whose secret the user has dismissed: a new rotation opens the dialog again.
  const [dismissed, setDismissed] = useState<SecretState | null>(null);
  const rotated = hasSecret || state.status === "ok";
  const form = (label: string, className: string, ariaLabel?: string) => (
    <form action={action}>
      <input type="hidden" name="id" value={id} />
      <SubmitButton pendingText="Issuing…" className={className} aria-label={ariaLabel}>
        {label}
      </SubmitButton>
    </form>
  );
  return (
    <div className="stack-xs">
      {state.status === "error" && (
        <p role="alert" className="field-error">
          {state.message}
        </p>
      )}
      {rotated ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Rotate secret for ${appName}`}
          onClick={() => setAskedIn(state)}
        >
          Rotate secret
        </button>
      ) : (
        form("Get client secret", "btn btn-primary btn-sm", `Get client secret for ${appName}`)
      )}
      <Dialog open={confirming} onClose={() => setAskedIn(null)} title={`Rotate the secret of ${appName}?`} role="alertdialog">
        <div className="stack">
          <p>Inkwell issues a new client secret and the current one stops working at once. Update your app’s configuration right after.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setAskedIn(null)} autoFocus>
              Cancel
            </button>
            {form("Rotate secret", "btn btn-danger")}
          </div>
        </div>
      </Dialog>
      <Dialog
        open={state.status === "ok" && dismissed !== state}
        onClose={() => setDismissed(state)}
        title={`Client secret for ${appName}`}
      >
        {state.status === "ok" && state.clientSecret && (
          <div className="stack">
            <div className="alert alert-warning">
              <strong>Copy this secret now.</strong> This is the only time Inkwell shows it; we store only a fingerprint. If you lose it,
              rotate it.
            </div>
            <div className="field">
              <label htmlFor={`client-secret-${id}`} className="label">
                Client secret
              </label>
              <div className="copy-row">
                <textarea
                  id={`client-secret-${id}`}
                  className="input input-mono secret"
                  readOnly
                  rows={2}
                  value={state.clientSecret}
                  spellCheck={false}
                  onFocus={(e) => e.currentTarget.select()}
                />
                <CopyButton value={state.clientSecret} />
              </div>
            </div>
            <div className="dialog-actions">
              <button type="button" className="btn btn-primary" onClick={() => setDismissed(state)} autoFocus>
                I have saved it
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </div>
  );
}
