"use client";
// "Check email": saves, renders (sample data) and lists what would make the email go out broken: the
// pre-send checks the render returns among its warnings. Picking an item selects its block.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { renderTemplate } from "@/components/templates/templates-api";
import type { ApiError } from "@/lib/client/api-fetch";
import { useEditorStore } from "../state/store";
import { findPath } from "../state/tree";
import { ChecksList } from "./checks-list";
import { parseWarnings, type RenderWarning } from "./render-warnings";
import { userMessage } from "@/components/ui/messages";

export function ChecksPanel({ templateId, beforeRun }: { templateId: string; beforeRun: () => Promise<void> }) {
  const store = useEditorStore();
  const [open, setOpen] = useState(false);
  const [checkedDoc, setCheckedDoc] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const run = useMutation<RenderWarning[], ApiError>({
    mutationFn: async () => {
      await beforeRun();
      const doc = store.getState().doc;
      const result = await renderTemplate(templateId, {});
      setCheckedDoc(doc);
      setStale(false);
      return parseWarnings(result.warnings);
    },
    onSuccess: () => setOpen(true),
  });
  useEffect(() => store.subscribe(() => setStale(checkedDoc !== null && store.getState().doc !== checkedDoc)), [store, checkedDoc]);

  const select = (blockId: string) => {
    if (!findPath(store.getState().doc, blockId)) return;
    store.dispatch({ type: "select", id: blockId });
    requestAnimationFrame(() => {
      const node = document.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(blockId)}"]`);
      node?.scrollIntoView({ block: "center", behavior: "smooth" });
      node?.focus({ preventScroll: true });
    });
  };

  const warnings = run.data ?? [];
  const summary = run.isPending
    ? "Checking…"
    : run.isError
      ? `Could not check: ${run.error.errors.length ? "first fix the problems marked in red." : userMessage(run.error)}`
      : !run.data
        ? "Find broken links, missing alt text and other problems before you send."
        : warnings.length === 0
          ? "No problems found."
          : `${warnings.length} thing${warnings.length === 1 ? "" : "s"} to look at.`;
  return (
    <section className="ed-checks" aria-label="Pre-send checks" data-testid="checks-panel">
      <div className="ed-checks-bar">
        <button type="button" className="ed-btn" onClick={() => run.mutate()} disabled={run.isPending} aria-describedby="ed-checks-summary">
          {run.data ? "Check again" : "Check email"}
        </button>
        <span
          id="ed-checks-summary"
          className="ed-checks-summary"
          role="status"
          aria-live="polite"
          data-state={run.isError ? "error" : warnings.length ? "warnings" : "ok"}
        >
          {summary}
          {stale && run.data ? " (changed since)" : ""}
        </span>
        {warnings.length > 0 && (
          <button
            type="button"
            className="ed-btn ed-btn-ghost"
            aria-expanded={open}
            aria-controls="ed-checks-items"
            onClick={() => setOpen(!open)}
          >
            {open ? "Hide list" : "Show list"}
          </button>
        )}
      </div>
      {open && warnings.length > 0 && (
        <div id="ed-checks-items">
          <ChecksList warnings={warnings} onSelect={select} />
        </div>
      )}
    </section>
  );
}
