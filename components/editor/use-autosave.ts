"use client";
// Autosave: a PUT of the whole document shortly after the last change, one request at a time. The API's
// validation errors are resolved against the document that was sent and shown on their nodes.
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api-fetch";
import { userMessage } from "@/components/ui/messages";
import { saveTemplate } from "@/components/templates/templates-api";
import type { EditorDocument } from "./state/document";
import { errorsByNode, type NodeError } from "./state/pointers";
import { createValueStore, useValue, type EditorStore, type ValueStore } from "./state/store";

export type SaveStatus = "saved" | "unsaved" | "saving" | "error";
export type SaveState = { status: SaveStatus; message: string | null };
const DELAY_MS = 800;

function createAutosaver(templateId: string, store: EditorStore, errors: ValueStore<Map<string, NodeError[]>>) {
  const state = createValueStore<SaveState>({ status: "saved", message: null });
  let saved: EditorDocument = store.getState().doc;
  /** The state the last save left: restored when edits (undo, redo) come back to that document. */
  let settled: SaveState = state.get();
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void save(), DELAY_MS);
  };

  async function save(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (inFlight) await inFlight;
    const doc = store.getState().doc;
    if (doc === saved) {
      state.set(settled);
      return;
    }
    state.set({ status: "saving", message: null });
    inFlight = (async () => {
      try {
        await saveTemplate(templateId, doc);
        errors.set(new Map());
        settled = { status: "saved", message: null };
        state.set(store.getState().doc === doc ? settled : { status: "unsaved", message: null });
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(0, "Saving failed");
        errors.set(errorsByNode(doc, apiError.errors));
        const count = apiError.errors.length;
        settled = {
          status: "error",
          message: count ? `${count} problem${count > 1 ? "s" : ""} to fix (marked in red)` : userMessage(apiError),
        };
        state.set(settled);
      } finally {
        // A refused version is not resent in a loop: the next change saves again.
        saved = doc;
      }
    })();
    await inFlight;
    inFlight = null;
    if (store.getState().doc !== saved) schedule();
  }

  const unsubscribe = store.subscribe(() => {
    if (store.getState().doc === saved && !timer) return;
    if (state.get().status !== "saving") state.set({ status: "unsaved", message: state.get().message });
    schedule();
  });
  return {
    state,
    save,
    dispose() {
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}

export function useAutosave(templateId: string, store: EditorStore, errors: ValueStore<Map<string, NodeError[]>>) {
  const [saver] = useState(() => createAutosaver(templateId, store, errors));
  useEffect(() => () => saver.dispose(), [saver]);
  const { status, message } = useValue(saver.state);
  return { status, message, saveNow: saver.save, dirty: status !== "saved" };
}
