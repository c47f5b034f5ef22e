"use client";
// A tiny external store around the reducer. Components subscribe to a slice with useEditor(selector),
// so a selection change re-renders the two nodes whose `selected` flips, not the whole canvas.
import { createContext, useCallback, useContext, useSyncExternalStore } from "react";
import { editorReducer, initialState, type EditorAction, type EditorState } from "./reducer";
import type { EditorDocument } from "./document";

export type EditorStore = {
  getState: () => EditorState;
  dispatch: (action: EditorAction) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createEditorStore(doc: EditorDocument): EditorStore {
  let state = initialState(doc);
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = editorReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A minimal value store for state that must stay out of the document (hover, drop indicator, errors). */
export function createValueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ValueStore<T> = ReturnType<typeof createValueStore<T>>;

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditorStore outside the editor");
  return store;
}

/** Subscribes to one slice of the editor state; the selector must return a primitive or a stable reference. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  const store = useEditorStore();
  const get = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, get, get);
}

export function useValue<T, S = T>(store: ValueStore<T>, selector?: (value: T) => S): S {
  const get = () => (selector ? selector(store.get()) : (store.get() as unknown as S));
  return useSyncExternalStore(store.subscribe, get, get);
}

export function useDispatch() {
  return useEditorStore().dispatch;
}
