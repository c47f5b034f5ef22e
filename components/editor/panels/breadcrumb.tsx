"use client";
// The path to the selected node; each step selects that ancestor.
import { blockLabel, sectionLabel } from "../state/factories";
import { kindOfPath, type Block, type Section } from "../state/document";
import { useEditor, useEditorStore } from "../state/store";
import { findPath, nodeAt } from "../state/tree";

export function Breadcrumb() {
  const store = useEditorStore();
  const doc = useEditor((s) => s.doc);
  const selectedId = useEditor((s) => s.selectedId);
  const path = selectedId ? findPath(doc, selectedId) : null;
  const steps: { id: string | null; label: string }[] = [{ id: null, label: "Email" }];
  if (path) {
    for (let depth = 1; depth <= path.length; depth++) {
      const sub = path.slice(0, depth);
      const node = nodeAt(doc, sub)!;
      const kind = kindOfPath(sub);
      const n = sub[sub.length - 1] + 1;
      const label =
        kind === "section"
          ? `${sectionLabel((node as Section).type)} ${n}`
          : kind === "row"
            ? `Row ${n}`
            : kind === "column"
              ? `Column ${n}`
              : `${blockLabel((node as Block).type)} ${n}`;
      steps.push({ id: node.id, label });
    }
  }
  return (
    <nav aria-label="Selected node" className="ed-breadcrumb" data-testid="breadcrumb">
      <ol>
        {steps.map((step, i) => (
          <li key={step.id ?? "root"}>
            {i === steps.length - 1 ? (
              <span aria-current="location">{step.label}</span>
            ) : (
              <button type="button" className="ed-link-button" onClick={() => store.dispatch({ type: "select", id: step.id })}>
                {step.label}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
