"use client";
// The frame every canvas node shares: selection, focus, the API's errors, and the toolbar of the
// selected node (drag handle, move, duplicate, delete). Nothing here subscribes to dnd-kit: the canvas
// drags every node through one delegate (node-drag-source.tsx), and CSS hides the toolbar during a drag.
import { useContext, useLayoutEffect, useRef, type ReactNode } from "react";
import { labelled } from "@/components/ui/messages";
import { selectNodeErrors, useEditorUi } from "../editor-ui";
import type { NodeKind } from "../state/document";
import { useEditor, useEditorStore, useValue } from "../state/store";
import { NAVIGATION_KEYS, navigate, tabStopId } from "./keyboard-nav";
import { canMove, duplicateNode, moveBy, removeNode } from "./node-actions";
import { DragHandleContext } from "./node-drag-source";
import { Icon } from "../icons";

type Props = {
  kind: NodeKind;
  nodeId: string;
  label: string;
  className?: string;
  style?: React.CSSProperties;
  locked?: boolean;
  extraTools?: ReactNode;
  onActivate?: () => void;
  hidden?: { desktop?: boolean; mobile?: boolean };
  children: ReactNode;
};

const HORIZONTAL: NodeKind[] = ["column"];

// The node focusNode will focus on the next frame: keys pressed before then (a held or quickly repeated
// arrow key) navigate from it, not from the node that still has focus, so no key press is lost.
let pendingFocus: string | null = null;

/** Focuses a node once React has rendered it (and scrolls it into view). */
export function focusNode(id: string) {
  pendingFocus = id;
  requestAnimationFrame(() => {
    if (pendingFocus === id) pendingFocus = null;
    const element = document.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(id)}"]`);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: "nearest" });
  });
}

export function NodeFrame({ kind, nodeId, label, className, style, locked, extraTools, onActivate, hidden, children }: Props) {
  const store = useEditorStore();
  const ui = useEditorUi();
  const selected = useEditor((s) => s.selectedId === nodeId);
  // The canvas is one tab stop (roving tabindex): the selected node, or the first section.
  const tabStop = useEditor((s) => tabStopId(s.doc, s.selectedId) === nodeId);
  const errors = useValue(ui.errors, selectNodeErrors(nodeId));
  const hasErrors = errors.length > 0;
  const errorId = `errors-${nodeId}`;

  if (locked) {
    return (
      <div className={`ed-node ed-${kind} ${className ?? ""}`} style={style} data-node-id={nodeId} data-locked="">
        {children}
      </div>
    );
  }

  const select = () => store.dispatch({ type: "select", id: nodeId });
  const horizontal = HORIZONTAL.includes(kind);
  return (
    <div
      className={`ed-node ed-${kind} ${className ?? ""}`}
      style={style}
      data-node-id={nodeId}
      data-selected={selected ? "" : undefined}
      data-invalid={hasErrors ? "" : undefined}
      tabIndex={tabStop ? 0 : -1}
      role="group"
      aria-label={`${label}${selected ? ", selected" : ""}`}
      aria-describedby={hasErrors ? errorId : undefined}
      onClick={(event) => {
        event.stopPropagation();
        if (!selected) select();
      }}
      onDoubleClick={(event) => {
        event.stopPropagation();
        onActivate?.();
      }}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
        if (plain && NAVIGATION_KEYS.has(event.key)) {
          event.preventDefault();
          const target = navigate(store.getState().doc, pendingFocus ?? nodeId, event.key);
          if (target) {
            store.dispatch({ type: "select", id: target });
            focusNode(target);
          }
        } else if (event.key === "Enter" || (event.key === " " && !selected)) {
          // Space on the selected node picks it up to move it (the canvas' keyboard drag).
          event.preventDefault();
          if (!selected) select();
          else onActivate?.();
        } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "d" && selected) {
          event.preventDefault();
          duplicateNode(store, nodeId);
        } else if ((event.key === "Delete" || event.key === "Backspace") && selected) {
          event.preventDefault();
          removeNode(store, nodeId);
        } else if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
          event.preventDefault();
          moveBy(store, nodeId, event.key === "ArrowUp" ? -1 : 1);
          focusNode(nodeId);
        }
      }}
    >
      {selected && <NodeToolbar kind={kind} nodeId={nodeId} label={label} horizontal={horizontal} extraTools={extraTools} />}
      {(hidden?.desktop || hidden?.mobile) && (
        <span className="ed-node-flag">
          {hidden.desktop && hidden.mobile ? "Hidden everywhere" : hidden.desktop ? "Hidden on desktop" : "Hidden on mobile"}
        </span>
      )}
      {children}
      {hasErrors && (
        <ul id={errorId} className="ed-node-errors" data-testid="node-error">
          {errors.map((e) => (
            <li key={e.pointer}>{labelled(e.label, e.message)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function toolbarButtons(toolbar: HTMLElement | null): HTMLButtonElement[] {
  return toolbar ? Array.from(toolbar.querySelectorAll<HTMLButtonElement>("button:not(:disabled)")) : [];
}

function NodeToolbar({
  kind,
  nodeId,
  label,
  horizontal,
  extraTools,
}: {
  kind: NodeKind;
  nodeId: string;
  label: string;
  horizontal: boolean;
  extraTools?: ReactNode;
}) {
  const store = useEditorStore();
  const describedBy = useContext(DragHandleContext);
  const up = useEditor((s) => canMove(s.doc, nodeId, -1));
  const down = useEditor((s) => canMove(s.doc, nodeId, 1));
  const ref = useRef<HTMLDivElement>(null);
  // One tab stop for the toolbar too (WAI-ARIA toolbar): the arrow keys move between its buttons.
  useLayoutEffect(() => {
    const buttons = toolbarButtons(ref.current);
    if (!buttons.some((b) => b.getAttribute("tabindex") === "0")) buttons.forEach((b, i) => (b.tabIndex = i === 0 ? 0 : -1));
  });
  return (
    <div
      ref={ref}
      className={`ed-toolbar ed-toolbar-${kind}`}
      role="toolbar"
      aria-label={`${label} actions`}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(event) => {
        if (event.currentTarget.closest("[data-drag-kind]") || event.altKey || event.ctrlKey || event.metaKey) return;
        const buttons = toolbarButtons(event.currentTarget);
        const at = buttons.indexOf(event.target as HTMLButtonElement);
        const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[
          event.key
        ];
        if (at === -1 || to === undefined) return;
        event.preventDefault();
        event.stopPropagation();
        const next = buttons[(to + buttons.length) % buttons.length];
        buttons.forEach((b) => (b.tabIndex = b === next ? 0 : -1));
        next.focus();
      }}
    >
      <button
        type="button"
        className="ed-tool ed-handle"
        data-drag-handle=""
        aria-roledescription="draggable"
        aria-describedby={describedBy}
        aria-label={`Drag ${label}`}
        title="Drag to move (or press Space, then the arrow keys)"
      >
        <Icon name="drag" />
      </button>
      <button
        type="button"
        className="ed-tool"
        aria-label={`Move ${label} ${horizontal ? "left" : "up"}`}
        title={horizontal ? "Move left" : "Move up"}
        disabled={!up}
        onClick={() => moveBy(store, nodeId, -1)}
      >
        <Icon name={horizontal ? "left" : "up"} />
      </button>
      <button
        type="button"
        className="ed-tool"
        aria-label={`Move ${label} ${horizontal ? "right" : "down"}`}
        title={horizontal ? "Move right" : "Move down"}
        disabled={!down}
        onClick={() => moveBy(store, nodeId, 1)}
      >
        <Icon name={horizontal ? "right" : "down"} />
      </button>
      {extraTools}
      <button
        type="button"
        className="ed-tool"
        aria-label={`Duplicate ${label}`}
        title="Duplicate"
        onClick={() => duplicateNode(store, nodeId)}
      >
        <Icon name="copy" />
      </button>
      <button
        type="button"
        className="ed-tool ed-tool-danger"
        aria-label={`Delete ${label}`}
        title="Delete"
        onClick={() => removeNode(store, nodeId)}
      >
        <Icon name="trash" />
      </button>
    </div>
  );
}
