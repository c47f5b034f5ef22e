"use client";
// The template editor page: loads the template, then palette | canvas | properties, with undo/redo,
// autosave and the preview tab.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "@/lib/client/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { fieldMessage, userMessage } from "@/components/ui/messages";
import { createLayout, getTemplate, listLayouts } from "@/components/templates/templates-api";
import { EditorImagesPanel, useImageFileDrops } from "@/components/assets/editor-images";
import { Canvas } from "./canvas/canvas";
import { EditorDnd } from "./dnd/editor-dnd";
import { EditorUiContext, type EditorUi } from "./editor-ui";
import { Palette } from "./palette/palette";
import { Breadcrumb } from "./panels/breadcrumb";
import { GeneralSettingsPanel } from "./panels/general-settings-panel";
import { PropertyPanel } from "./panels/property-panel";
import { PreviewPane } from "./preview/preview-pane";
import { PreSendBar } from "./send/pre-send-bar";
import type { EditorDocument, Section } from "./state/document";
import type { NodeError } from "./state/pointers";
import { createEditorStore, createValueStore, EditorStoreContext, useEditor, useEditorStore, type EditorStore } from "./state/store";
import { findPath, nodeAt } from "./state/tree";
import { useAutosave, type SaveStatus } from "./use-autosave";
import "./editor.css";
import { Icon } from "./icons";
import { useLeaveGuard } from "./use-leave-guard";
import { NarrowScreenNotice } from "./narrow-screen-notice";
import { useStickyOffsets } from "./use-sticky-offsets";

/** `publicOrigin`: the deployment's public origin (APP_URL), for the URLs the editor writes into a template. */
export function TemplateEditor({ templateId, publicOrigin }: { templateId: string; publicOrigin: string }) {
  const template = useQuery({ queryKey: ["template", templateId], queryFn: () => getTemplate(templateId), staleTime: Infinity, gcTime: 0 });
  if (template.isPending)
    return (
      <p className="ed-loading" aria-live="polite">
        Loading the template…
      </p>
    );
  if (template.isError) {
    const notFound = template.error instanceof ApiError && template.error.status === 404;
    return (
      <div className="empty-state" role="alert">
        <h1>{notFound ? "Template not found" : "Could not load the template"}</h1>
        <p>{notFound ? "It may have been deleted, or it belongs to another brand." : userMessage(template.error)}</p>
        <Link href="/templates">Back to templates</Link>
      </div>
    );
  }
  const { name, generalSettings, sections } = template.data;
  return <LoadedEditor templateId={templateId} initial={{ name, generalSettings, sections }} publicOrigin={publicOrigin} />;
}

function LoadedEditor({ templateId, initial, publicOrigin }: { templateId: string; initial: EditorDocument; publicOrigin: string }) {
  const [store] = useState(() => createEditorStore(initial));
  const [editing] = useState(() => createValueStore<string | null>(null));
  const [errors] = useState(() => createValueStore<Map<string, NodeError[]>>(new Map()));
  const [notice, setNotice] = useState("");
  const [tab, setTab] = useState<"edit" | "preview">("edit");
  const [side, setSide] = useState<"node" | "general" | "images">("node");
  const [layoutFor, setLayoutFor] = useState<Section | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const autosave = useAutosave(templateId, store, errors);
  useLeaveGuard(autosave.dirty);
  useStickyOffsets(rootRef);
  const queryClient = useQueryClient();
  const layouts = useQuery({ queryKey: ["layouts"], queryFn: listLayouts });

  const ui = useMemo<EditorUi>(
    () => ({
      editing,
      errors,
      // Placeholders and library images point at the public origin, never the host this page came from.
      origin: publicOrigin,
      notify: setNotice,
      saveSectionAsLayout: (sectionId) => {
        const { doc } = store.getState();
        const path = findPath(doc, sectionId);
        if (path) setLayoutFor(nodeAt(doc, path) as Section);
      },
    }),
    [editing, errors, store, publicOrigin],
  );

  useUndoShortcuts(store);
  useImageFileDrops(rootRef, store, setNotice);
  useRefusalNotices(store, setNotice);
  useEffect(
    () =>
      store.subscribe(() => {
        // Leaving the text being edited when the selection moves elsewhere.
        const { selectedId } = store.getState();
        if (editing.get() !== null && editing.get() !== selectedId) editing.set(null);
      }),
    [store, editing],
  );

  return (
    <EditorStoreContext.Provider value={store}>
      <EditorUiContext.Provider value={ui}>
        <div className="ed-root" ref={rootRef}>
          <EditorHeader
            status={autosave.status}
            statusMessage={autosave.message}
            tab={tab}
            setTab={setTab}
            onSaveNow={() => void autosave.saveNow()}
          />
          <div className="ed-live ed-sr-only" aria-live="assertive" role="status">
            {notice}
          </div>
          {notice && (
            <div className="ed-notice" onAnimationEnd={() => setNotice("")}>
              {notice}
            </div>
          )}
          {tab === "edit" && <NarrowScreenNotice onPreview={() => setTab("preview")} />}
          <div hidden={tab !== "edit"} className="ed-workspace">
            <EditorDnd rootRef={rootRef}>
              <aside className="ed-side ed-side-left">
                <Palette layouts={layouts.data?.universalLayouts} />
              </aside>
              <div className="ed-stage">
                <PreSendBar templateId={templateId} saveNow={autosave.saveNow} />
                <Breadcrumb />
                <Canvas />
              </div>
            </EditorDnd>
            <aside className="ed-side ed-side-right" aria-label="Properties">
              <div role="tablist" aria-label="Panels" className="ed-segmented ed-panel-tabs">
                <button type="button" role="tab" aria-selected={side === "node"} className="ed-seg" onClick={() => setSide("node")}>
                  Selection
                </button>
                <button type="button" role="tab" aria-selected={side === "general"} className="ed-seg" onClick={() => setSide("general")}>
                  General settings
                </button>
                <button type="button" role="tab" aria-selected={side === "images"} className="ed-seg" onClick={() => setSide("images")}>
                  Images
                </button>
              </div>
              <div role="tabpanel">
                {side === "node" ? <PropertyPanel /> : side === "general" ? <GeneralSettingsPanel /> : <EditorImagesPanel />}
              </div>
            </aside>
          </div>
          {tab === "preview" && <PreviewPane templateId={templateId} beforeRender={autosave.saveNow} />}
          <SaveLayoutDialog
            section={layoutFor}
            onClose={() => setLayoutFor(null)}
            onSaved={(name) => {
              setLayoutFor(null);
              setNotice(`Saved “${name}” as a layout. Find it under Saved layouts in the palette.`);
              void queryClient.invalidateQueries({ queryKey: ["layouts"] });
            }}
          />
        </div>
      </EditorUiContext.Provider>
    </EditorStoreContext.Provider>
  );
}

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: "All changes saved",
  unsaved: "Unsaved changes",
  saving: "Saving…",
  error: "Not saved",
};

function EditorHeader({
  status,
  statusMessage,
  tab,
  setTab,
  onSaveNow,
}: {
  status: SaveStatus;
  statusMessage: string | null;
  tab: "edit" | "preview";
  setTab: (t: "edit" | "preview") => void;
  onSaveNow: () => void;
}) {
  const name = useEditor((s) => s.doc.name);
  const canUndo = useEditor((s) => s.past.length > 0);
  const canRedo = useEditor((s) => s.future.length > 0);
  // Opened from an automation's email block (?back=/automations/<id>): the way back leads there.
  const back = useSearchParams().get("back");
  const backToAutomation = back && /^\/automations\/[0-9a-f]{24}$/.test(back) ? back : null;
  return (
    <header className="ed-header">
      <Link href={backToAutomation ?? "/templates"} className="ed-back">
        {backToAutomation ? "← Back to the automation" : "← Templates"}
      </Link>
      <NameInput name={name} />
      <div className="ed-header-tools" role="toolbar" aria-label="Editor">
        <UndoButtons canUndo={canUndo} canRedo={canRedo} />
        <div role="tablist" aria-label="Mode" className="ed-segmented">
          <button type="button" role="tab" aria-selected={tab === "edit"} className="ed-seg" onClick={() => setTab("edit")}>
            Edit
          </button>
          <button type="button" role="tab" aria-selected={tab === "preview"} className="ed-seg" onClick={() => setTab("preview")}>
            Preview
          </button>
        </div>
        <div className="ed-save" data-status={status} data-testid="save-status" role="status" aria-live="polite">
          <span className="ed-save-dot" aria-hidden="true" />
          <span className="ed-save-detail">
            {STATUS_TEXT[status]}
            {status === "error" && statusMessage ? `: ${statusMessage}` : ""}
          </span>
        </div>
        {(status === "unsaved" || status === "error") && (
          <button type="button" className="ed-btn" onClick={onSaveNow}>
            Save now
          </button>
        )}
      </div>
    </header>
  );
}

function NameInput({ name }: { name: string }) {
  const store = useEditorStore();
  return (
    <input
      className="ed-input ed-name"
      aria-label="Template name"
      value={name}
      maxLength={255}
      onChange={(e) => store.dispatch({ type: "rename", name: e.target.value, coalesce: "name" })}
    />
  );
}

function UndoButtons({ canUndo, canRedo }: { canUndo: boolean; canRedo: boolean }) {
  const store = useEditorStore();
  const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <>
      <button
        type="button"
        className="ed-tool"
        aria-label="Undo"
        title={`Undo (${mac ? "⌘" : "Ctrl+"}Z)`}
        disabled={!canUndo}
        onClick={() => store.dispatch({ type: "undo" })}
      >
        <Icon name="undo" />
      </button>
      <button
        type="button"
        className="ed-tool"
        aria-label="Redo"
        title={`Redo (${mac ? "⌘⇧" : "Ctrl+Shift+"}Z)`}
        disabled={!canRedo}
        onClick={() => store.dispatch({ type: "redo" })}
      >
        <Icon name="redo" />
      </button>
    </>
  );
}

function isTextEntry(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  return el.isContentEditable || el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT";
}

/** Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z (or Ctrl+Y) redo, except while typing in a field (which has its own). */
function useUndoShortcuts(store: EditorStore) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextEntry(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === "z") {
        event.preventDefault();
        store.dispatch({ type: event.shiftKey ? "redo" : "undo" });
      } else if (key === "y") {
        event.preventDefault();
        store.dispatch({ type: "redo" });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store]);
}

function useRefusalNotices(store: EditorStore, setNotice: (m: string) => void) {
  useEffect(() => {
    let last: string | null = null;
    return store.subscribe(() => {
      const { refusal } = store.getState();
      if (refusal && refusal !== last) setNotice(`Not possible: ${refusal}.`);
      last = refusal;
    });
  }, [store, setNotice]);
}

function SaveLayoutDialog({
  section,
  onClose,
  onSaved,
}: {
  section: Section | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const [name, setName] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const fieldErrors = error instanceof ApiError ? error.errors : [];
  const nameError = fieldErrors
    .filter((e) => e.pointer === "/name")
    .map((e) => fieldMessage(e, { noun: "layout name" }))
    .join(" ");
  const others = fieldErrors.filter((e) => e.pointer !== "/name").length;
  // The section's own problems are marked on the canvas by the autosave: here they are only counted.
  const problem =
    !error || nameError
      ? null
      : others
        ? `This section has ${others === 1 ? "a problem" : `${others} problems`} to fix first (marked in red on the canvas).`
        : userMessage(error);
  return (
    <Dialog open={section !== null} onClose={onClose} title="Save section as a layout">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!section) return;
          setBusy(true);
          setError(null);
          try {
            const { type, ...rest } = section;
            await createLayout(name.trim(), type === "universal_layout" ? { ...rest } : section);
            setName("");
            onSaved(name.trim());
          } catch (err) {
            setError(err);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Field
          id="layout-name"
          name="name"
          label="Layout name"
          required
          maxLength={255}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          error={nameError || undefined}
        />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>
            {busy ? "Saving…" : "Save layout"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
