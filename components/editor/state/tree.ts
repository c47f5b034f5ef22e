// Addressing nodes in the document by path, rebuilding only the spine from the root to the change so
// that every untouched subtree keeps its object identity (the canvas memoizes nodes by identity).
import type { AnyNode, Block, Column, EditorDocument, NodeKind, NodePath, Row, Section } from "./document";
import { CHILD_KIND, kindOfPath } from "./document";

/** The children of the node at `path` ([] is the root: its children are the sections). */
export function childrenAt(doc: EditorDocument, path: NodePath): AnyNode[] {
  if (path.length === 0) return doc.sections;
  const node = nodeAt(doc, path);
  if (!node) return [];
  return childList(node, kindOfPath(path)) ?? [];
}

export function childList(node: AnyNode, kind: NodeKind): AnyNode[] | undefined {
  switch (kind) {
    case "section":
      return (node as Section).rows;
    case "row":
      return (node as Row).columns;
    case "column":
      return (node as Column).blocks;
    default:
      return undefined;
  }
}

function withChildList(node: AnyNode, kind: NodeKind, children: AnyNode[]): AnyNode {
  switch (kind) {
    case "section":
      return { ...node, rows: children as Row[] } as Section;
    case "row":
      return { ...node, columns: children as Column[] } as Row;
    case "column":
      return { ...node, blocks: children as Block[] } as Column;
    default:
      return node;
  }
}

export function nodeAt(doc: EditorDocument, path: NodePath): AnyNode | undefined {
  let list: AnyNode[] | undefined = doc.sections;
  let node: AnyNode | undefined;
  for (let depth = 0; depth < path.length; depth++) {
    node = list?.[path[depth]];
    if (!node) return undefined;
    list = childList(node, kindOfPath(path.slice(0, depth + 1)));
  }
  return node;
}

/** The path of the node with this id, or null. */
export function findPath(doc: EditorDocument, id: string): NodePath | null {
  const sections = doc.sections;
  for (let s = 0; s < sections.length; s++) {
    const section = sections[s];
    if (section.id === id) return [s];
    const rows = section.rows ?? [];
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      if (row.id === id) return [s, r];
      const columns = row.columns ?? [];
      for (let c = 0; c < columns.length; c++) {
        const column = columns[c];
        if (column.id === id) return [s, r, c];
        const blocks = column.blocks ?? [];
        for (let b = 0; b < blocks.length; b++) if (blocks[b].id === id) return [s, r, c, b];
      }
    }
  }
  return null;
}

/** A new document whose node at `path` is replaced by `fn(node)`; the root is `path` []. */
function updateContainer(doc: EditorDocument, path: NodePath, fn: (children: AnyNode[]) => AnyNode[]): EditorDocument {
  if (path.length === 0) return { ...doc, sections: fn(doc.sections) as Section[] };
  return updateNode(doc, path, (node) => withChildList(node, kindOfPath(path), fn(childList(node, kindOfPath(path)) ?? [])));
}

export function updateNode(doc: EditorDocument, path: NodePath, fn: (node: AnyNode) => AnyNode): EditorDocument {
  const rebuild = (list: AnyNode[], depth: number): AnyNode[] => {
    const index = path[depth];
    const node = list[index];
    const kind = kindOfPath(path.slice(0, depth + 1));
    let next: AnyNode;
    if (depth === path.length - 1) next = fn(node);
    else {
      const children = childList(node, kind) ?? [];
      const rebuilt = rebuild(children, depth + 1);
      next = rebuilt === children ? node : withChildList(node, kind, rebuilt);
    }
    if (next === node) return list;
    const copy = list.slice();
    copy[index] = next;
    return copy;
  };
  const sections = rebuild(doc.sections, 0) as Section[];
  return sections === doc.sections ? doc : { ...doc, sections };
}

export function insertAt(doc: EditorDocument, parentPath: NodePath, index: number, node: AnyNode): EditorDocument {
  return updateContainer(doc, parentPath, (children) => {
    const copy = children.slice();
    copy.splice(Math.max(0, Math.min(index, copy.length)), 0, node);
    return copy;
  });
}

export function removeAt(doc: EditorDocument, path: NodePath): EditorDocument {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return updateContainer(doc, parent, (children) => children.filter((_, i) => i !== index));
}

/** Every id in a subtree, the node's own first. */
export function subtreeIds(node: AnyNode, kind: NodeKind): string[] {
  const ids = [node.id];
  for (const child of childList(node, kind) ?? []) ids.push(...subtreeIds(child, CHILD_KIND[kind]!));
  return ids;
}

/** A deep copy of a subtree with a fresh id on every node. */
export function cloneWithFreshIds<T extends AnyNode>(node: T, kind: NodeKind, newId: () => string): T {
  const renumber = (n: AnyNode, k: NodeKind): AnyNode => {
    const children = childList(n, k);
    const fresh = { ...n, id: newId() } as Block;
    if (fresh.components) {
      // Components (menu items, discount codes, product parts) carry ids of their own, unique within the template.
      const renumberParts = (parts: NonNullable<Block["components"]>): NonNullable<Block["components"]> =>
        parts.map((part) => ({
          ...part,
          ...(part.id ? { id: newId() } : {}),
          ...(part.components ? { components: renumberParts(part.components) } : {}),
        }));
      fresh.components = renumberParts(fresh.components);
    }
    return children
      ? withChildList(
          fresh,
          k,
          children.map((c) => renumber(c, CHILD_KIND[k]!)),
        )
      : fresh;
  };
  return renumber(structuredClone(node), kind) as T;
}
