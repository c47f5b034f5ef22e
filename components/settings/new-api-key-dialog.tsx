"use client";
// Shows a just-created key's secret, the only time it can be seen.
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import type { CreatedApiKey } from "./api-keys-client";

export function NewApiKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} onClose={onClose} title="Your new API key">
      {created && (
        <div className="stack">
          <div className="alert alert-warning">
            <strong>Copy this key now.</strong> This is the only time Inkwell shows it; we store only a fingerprint. If you lose it, revoke
            it and create another.
          </div>
          <p className="muted">
            Key “{created.apiKey.name}”. Send it as <code>Authorization: Service-API-Key &lt;key&gt;</code>. It has full access to this
            brand.
          </p>
          <div className="field">
            <label htmlFor="new-api-key" className="label">
              API key
            </label>
            <div className="copy-row">
              <textarea
                id="new-api-key"
                className="input input-mono secret"
                readOnly
                rows={2}
                value={created.key}
                spellCheck={false}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={created.key} />
            </div>
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
              I have saved it
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
