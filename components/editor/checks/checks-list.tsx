"use client";
// The pre-send checks (and the render's other warnings) as a list; an item about a block selects that
// block on the canvas and moves the keyboard focus to it.
import type { RenderWarning } from "./render-warnings";
import { warningLabel } from "./render-warnings";

export function ChecksList({ warnings, onSelect }: { warnings: RenderWarning[]; onSelect: (blockId: string) => void }) {
  return (
    <ul className="ed-checks-list" data-testid="checks-list">
      {warnings.map((w, i) => {
        const body = (
          <>
            <span className="ed-check-label">{warningLabel(w.code)}</span>
            <span className="ed-check-message">{w.message}</span>
          </>
        );
        return (
          <li key={`${i}-${w.code}-${w.pointer ?? ""}`} data-code={w.code}>
            {w.blockId ? (
              <button
                type="button"
                className="ed-check-item"
                onClick={() => onSelect(w.blockId!)}
                aria-label={`${warningLabel(w.code)}: ${w.message} Select the block.`}
              >
                {body}
              </button>
            ) : (
              <div className="ed-check-item">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
