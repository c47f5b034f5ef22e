// The editor's state machine: every edit is an action on the template document, handled here without
// side effects. History keeps full snapshots (cheap: untouched subtrees are shared) and is recorded only
// for committed edits (a drop, a click, a field change), never for hover or drag-over, which live outside.
import type { AnyNode, EditorDocument, GeneralSettings, NodeKind } from "./document";
import { PARENT_KIND, kindOfPath } from "./document";
import { dropRefusal, isWithin, samePath, MAX_COLUMNS } from "./rules";
import { childrenAt, cloneWithFreshIds, findPath, insertAt, nodeAt, removeAt, subtreeIds, updateNode } from "./tree";

export const HISTORY_LIMIT = 100;

export type EditorState = {
  doc: EditorDocument;
  selectedId: string | null;
  past: EditorDocument[];
  future: EditorDocument[];
  /** The key of the last coalescing edit: consecutive edits with the same key make one undo step. */
  coalesceKey: string | null;
  /** Why the last structural action was refused (shown to the user), or null. */
  refusal: string | null;
};

export type EditorAction =
  | { type: "load"; doc: EditorDocument }
  | { type: "insert"; kind: NodeKind; node: AnyNode; parentId: string | null; index: number }
  | { type: "move"; id: string; parentId: string | null; index: number }
  | { type: "remove"; id: string }
  | { type: "duplicate"; id: string; newId: () => string }
  | { type: "update"; id: string; patch: Record<string, unknown>; coalesce?: string }
  | { type: "setGeneralSettings"; patch: Partial<GeneralSettings>; coalesce?: string }
  | { type: "rename"; name: string; coalesce?: string }
  | { type: "select"; id: string | null }
  | { type: "undo" }
  | { type: "redo" };

export function initialState(doc: EditorDocument): EditorState {
  return { doc, selectedId: null, past: [], future: [], coalesceKey: null, refusal: null };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "load":
      return initialState(action.doc);
    case "select":
      if (action.id === state.selectedId) return state;
      return { ...state, selectedId: action.id !== null && findPath(state.doc, action.id) ? action.id : null };
    case "undo": {
      if (state.past.length === 0) return state;
      const doc = state.past[state.past.length - 1];
      return {
        ...state,
        doc,
        past: state.past.slice(0, -1),
        future: [state.doc, ...state.future],
        coalesceKey: null,
        selectedId: keepSelection(doc, state.selectedId),
      };
    }
    case "redo": {
      if (state.future.length === 0) return state;
      const [doc, ...future] = state.future;
      return {
        ...state,
        doc,
        past: [...state.past, state.doc],
        future,
        coalesceKey: null,
        selectedId: keepSelection(doc, state.selectedId),
      };
    }
    case "insert":
      return insert(state, action);
    case "move":
      return move(state, action);
    case "remove":
      return remove(state, action.id);
    case "duplicate":
      return duplicate(state, action.id, action.newId);
    case "update": {
      const path = findPath(state.doc, action.id);
      if (!path) return state;
      const doc = updateNode(state.doc, path, (node) => applyPatch(node, action.patch));
      return commit(state, doc, { coalesce: action.coalesce ? `update:${action.id}:${action.coalesce}` : null });
    }
    case "setGeneralSettings": {
      const generalSettings = applyPatch(state.doc.generalSettings ?? {}, action.patch) as GeneralSettings;
      return commit(state, { ...state.doc, generalSettings }, { coalesce: action.coalesce ? `settings:${action.coalesce}` : null });
    }
    case "rename":
      return commit(state, { ...state.doc, name: action.name }, { coalesce: action.coalesce ? `rename:${action.coalesce}` : null });
  }
}

/** Records `doc` as the new present (one undo step unless it continues the same coalescing edit). */
function commit(
  state: EditorState,
  doc: EditorDocument,
  options: { coalesce?: string | null; selectedId?: string | null } = {},
): EditorState {
  const selectedId = options.selectedId !== undefined ? options.selectedId : state.selectedId;
  if (doc === state.doc) return { ...state, selectedId, refusal: null };
  const coalesce = options.coalesce ?? null;
  const continues = coalesce !== null && coalesce === state.coalesceKey && state.past.length > 0;
  const past = continues ? state.past : [...state.past, state.doc].slice(-HISTORY_LIMIT);
  return { doc, selectedId, past, future: [], coalesceKey: coalesce, refusal: null };
}

function refuse(state: EditorState, reason: string): EditorState {
  return { ...state, refusal: reason, coalesceKey: null };
}

/** Shallow merge; an `undefined` value removes the key, so optional fields can be cleared. */
function applyPatch<T extends object>(target: T, patch: Record<string, unknown>): T {
  const next: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  let changed = false;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) {
      if (key in next) {
        delete next[key];
        changed = true;
      }
    } else if (next[key] !== value) {
      next[key] = value;
      changed = true;
    }
  }
  return changed ? (next as T) : target;
}

function parentPathOf(state: EditorState, parentId: string | null, kind: NodeKind): number[] | string {
  if (parentId === null) return PARENT_KIND[kind] === null ? [] : `a ${kind} needs a parent`;
  const path = findPath(state.doc, parentId);
  return path ?? "the target no longer exists";
}

function insert(state: EditorState, action: Extract<EditorAction, { type: "insert" }>): EditorState {
  const parentPath = parentPathOf(state, action.parentId, action.kind);
  if (typeof parentPath === "string") return refuse(state, parentPath);
  const taken = new Set(allIds(state.doc));
  if (subtreeIds(action.node, action.kind).some((id) => taken.has(id))) return refuse(state, "the new node's id is already used");
  const why = dropRefusal(state.doc, parentPath, action.node, action.kind);
  if (why) return refuse(state, why);
  return commit(state, insertAt(state.doc, parentPath, beforeBadge(state.doc, parentPath, action.index), action.node), {
    selectedId: action.node.id,
  });
}

function move(state: EditorState, action: Extract<EditorAction, { type: "move" }>): EditorState {
  const from = findPath(state.doc, action.id);
  if (!from) return refuse(state, "the node no longer exists");
  const kind = kindOfPath(from);
  const parentPath = parentPathOf(state, action.parentId, kind);
  if (typeof parentPath === "string") return refuse(state, parentPath);
  if (isWithin(parentPath, from)) return refuse(state, "a node cannot move into itself");
  const node = nodeAt(state.doc, from)!;
  const why = dropRefusal(state.doc, parentPath, node, kind, from);
  if (why) return refuse(state, why);
  const fromParent = from.slice(0, -1);
  const sameParent = samePath(fromParent, parentPath);
  // Removing first shifts later siblings (and a later parent) up by one; `index` is the final position.
  if (sameParent && from[from.length - 1] === action.index) return state;
  if (!sameParent && kind === "column" && childrenAt(state.doc, fromParent).length === 1)
    return refuse(state, "a row needs at least one column");
  const withoutNode = removeAt(state.doc, from);
  const targetPath = action.parentId === null ? [] : findPath(withoutNode, action.parentId)!;
  const doc = insertAt(withoutNode, targetPath, beforeBadge(withoutNode, targetPath, action.index), node);
  return commit(state, doc, { selectedId: action.id });
}

function remove(state: EditorState, id: string): EditorState {
  const path = findPath(state.doc, id);
  if (!path) return state;
  const kind = kindOfPath(path);
  if (kind === "column" && childrenAt(state.doc, path.slice(0, -1)).length === 1)
    return refuse(state, "a row needs at least one column; remove the row instead");
  const removed = new Set(subtreeIds(nodeAt(state.doc, path)!, kind));
  const selectedId = state.selectedId !== null && removed.has(state.selectedId) ? null : state.selectedId;
  return commit(state, removeAt(state.doc, path), { selectedId });
}

function duplicate(state: EditorState, id: string, newId: () => string): EditorState {
  const path = findPath(state.doc, id);
  if (!path) return state;
  const kind = kindOfPath(path);
  const parentPath = path.slice(0, -1);
  const node = nodeAt(state.doc, path)!;
  if (kind === "column" && childrenAt(state.doc, parentPath).length >= MAX_COLUMNS)
    return refuse(state, `a row holds at most ${MAX_COLUMNS} columns`);
  const copy = cloneWithFreshIds(node, kind, newId);
  const why = dropRefusal(state.doc, parentPath, copy, kind);
  if (why) return refuse(state, why);
  return commit(state, insertAt(state.doc, parentPath, path[path.length - 1] + 1, copy), { selectedId: copy.id });
}

/** The read-only badge a free-plan template carries stays the last section. */
function beforeBadge(doc: EditorDocument, parentPath: number[], index: number): number {
  if (parentPath.length > 0) return index;
  const last = doc.sections.length - 1;
  return last >= 0 && doc.sections[last].type === "badge" ? Math.min(index, last) : index;
}

function keepSelection(doc: EditorDocument, selectedId: string | null): string | null {
  return selectedId !== null && findPath(doc, selectedId) ? selectedId : null;
}

export function allIds(doc: EditorDocument): string[] {
  return doc.sections.flatMap((section) => subtreeIds(section, "section"));
}
