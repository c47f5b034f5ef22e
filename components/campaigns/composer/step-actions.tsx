// The buttons under a composer step: back, save-and-continue, and (steps a simple send can skip) save and
// skip to the review, where the pre-send checks and the confirmation naming the count still come.
import { useRef } from "react";

export type StepTarget = "next" | "review";
/** Which button submitted the step's form: its save then goes on to the next step or to the review. */
export const useStepTarget = () => useRef<StepTarget>("next");

export function StepActions({
  onBack,
  busy,
  next = "Save and continue",
  targetRef,
}: {
  onBack?: () => void;
  busy: boolean;
  next?: string;
  targetRef?: React.RefObject<StepTarget>;
}) {
  return (
    <div className="cluster composer-actions">
      {onBack && (
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back
        </button>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={busy}
        onClick={targetRef ? () => (targetRef.current = "next") : undefined}
      >
        {busy ? "Saving…" : next}
      </button>
      {/* After the main button: Enter in a field submits with the first submit button, which must stay "continue". */}
      {targetRef && (
        <button
          type="submit"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => (targetRef.current = "review")}
          title="Saves this step; the steps after it keep what they have (the review shows it all)"
        >
          Save and skip to review
        </button>
      )}
    </div>
  );
}
