"use client";
// Editor state that is not the document: which text block is being edited, the API's errors per node,
// and the page's services the canvas calls (saving a section as a layout). Kept out of the reducer so
// that none of it enters undo history or re-renders the canvas wholesale.
import { createContext, useContext } from "react";
import type { NodeError } from "./state/pointers";
import type { ValueStore } from "./state/store";

export type EditorUi = {
  editing: ValueStore<string | null>;
  errors: ValueStore<Map<string, NodeError[]>>;
  origin: string;
  saveSectionAsLayout: (sectionId: string) => void;
  notify: (message: string) => void;
};

export const EditorUiContext = createContext<EditorUi | null>(null);

export function useEditorUi(): EditorUi {
  const ui = useContext(EditorUiContext);
  if (!ui) throw new Error("useEditorUi outside the editor");
  return ui;
}

const NO_ERRORS: NodeError[] = [];
export function selectNodeErrors(id: string) {
  return (map: Map<string, NodeError[]>) => map.get(id) ?? NO_ERRORS;
}
