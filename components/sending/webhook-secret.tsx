"use client";
// Settings → Sending: the secret the brand's automation webhook blocks sign with, and its rotation (for a
// leaked secret: this brand's alone). Rotating asks first: receivers set up with the old secret stop
// verifying at once.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { userMessage } from "@/components/ui/messages";
import { getWebhookSecret, rotateWebhookSecret } from "./sending-client";

const secretKey = ["automation-webhook-secret"] as const;

export function WebhookSecret() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const secret = useQuery({ queryKey: secretKey, queryFn: getWebhookSecret });
  const rotate = useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (next) => {
      setAsking(false);
      queryClient.setQueryData(secretKey, { secret: next.secret });
    },
  });
  return (
    <div className="stack">
      <p className="hint">
        Webhook blocks of your automations sign each request with this secret (Standard Webhooks: webhook-id, webhook-timestamp and
        webhook-signature headers). Give it to the receivers that check them.
      </p>
      {secret.isPending ? (
        <p className="loading" role="status">
          Loading the secret…
        </p>
      ) : secret.isError ? (
        <div className="alert alert-error" role="alert">
          Could not load the secret: {userMessage(secret.error)}
        </div>
      ) : (
        <div className="field">
          <label htmlFor="webhook-signing-secret" className="label">
            Signing secret
          </label>
          <div className="copy-row">
            <input
              id="webhook-signing-secret"
              className="input input-mono secret"
              readOnly
              value={secret.data.secret}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={secret.data.secret} />
          </div>
        </div>
      )}
      {rotate.isSuccess && (
        <p className="alert alert-success" role="status">
          New secret issued: the old one no longer signs anything. Update your receivers with the secret above.
        </p>
      )}
      <div>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAsking(true)} disabled={rotate.isPending}>
          Rotate secret
        </button>
      </div>
      {rotate.isError && (
        <p className="field-error" role="alert">
          {userMessage(rotate.error)}
        </p>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} title="Rotate the webhook signing secret?" role="alertdialog">
        <div className="stack">
          <p>
            Inkwell makes a new secret for this brand and signs every webhook request with it from now on, retries included. Receivers that
            check the old secret refuse them until you give them the new one.
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
              {rotate.isPending ? "Rotating…" : "Rotate secret"}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
