// The buttons under a composer step: back, and save-and-continue.
export function StepActions({ onBack, busy, next = "Save and continue" }: { onBack?: () => void; busy: boolean; next?: string }) {
  return (
    <div className="cluster composer-actions">
      {onBack && (
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? "Saving…" : next}
      </button>
    </div>
  );
}
