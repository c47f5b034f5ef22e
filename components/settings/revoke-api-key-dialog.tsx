"use client";
// Asks before revoking: integrations using the key stop working at once.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Dialog } from "@/components/ui/dialog";
import { apiKeysQueryKey, revokeApiKey, type ApiKey } from "./api-keys-client";
import { userMessage } from "@/components/ui/messages";

export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
      onClose();
    },
  });
  return (
    <Dialog
      open={apiKey !== null}
      onClose={() => {
        revoke.reset();
        onClose();
      }}
      title="Revoke this API key?"
      role="alertdialog"
    >
      {apiKey && (
        <div className="stack">
          <p>
            Requests using <strong>{apiKey.name}</strong> (<code>{apiKey.prefix}…</code>) will be refused immediately. This cannot be
            undone.
          </p>
          {revoke.error && (
            <div className="alert alert-error" role="alert">
              {userMessage(revoke.error, { 404: "This key no longer exists. It may have been revoked already." })}
            </div>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onClose} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" disabled={revoke.isPending} onClick={() => revoke.mutate(apiKey.id)}>
              {revoke.isPending ? "Revoking…" : "Revoke key"}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
