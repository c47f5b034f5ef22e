"use client";
// Asks before disconnecting an app: its tokens stop working at once.
import { useState } from "react";
import { revokeConnectedAppAction } from "@/lib/oauth/dashboard-actions";
import { Dialog } from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";

export function DisconnectAppButton({ id, name }: { id: string; name: string }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-danger-ghost btn-sm" aria-label={`Disconnect ${name}`} onClick={() => setAsking(true)}>
        Disconnect
      </button>
      <Dialog open={asking} onClose={() => setAsking(false)} title={`Disconnect ${name}?`} role="alertdialog">
        <form action={revokeConnectedAppAction}>
          <input type="hidden" name="id" value={id} />
          <div className="stack">
            <p>
              <strong>{name}</strong> loses access to this brand at once: its requests are refused from now on. You can connect it again
              later from the app.
            </p>
            <div className="dialog-actions">
              <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)} autoFocus>
                Cancel
              </button>
              <SubmitButton pendingText="Disconnecting…" className="btn btn-danger">
                Disconnect
              </SubmitButton>
            </div>
          </div>
        </form>
      </Dialog>
    </>
  );
}
