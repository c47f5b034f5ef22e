// The document the editor edits: exactly the API's template payload (name, generalSettings, sections).
import type { Block, BlockType, Column, GeneralSettings, Row, Section } from "./types";

export type { Block, BlockType, Column, GeneralSettings, Row, Section };

export type EditorDocument = {
  name: string;
  generalSettings?: GeneralSettings;
  sections: Section[];
};

export type NodeKind = "section" | "row" | "column" | "block";
export type AnyNode = Section | Row | Column | Block;

export const KINDS: readonly NodeKind[] = ["section", "row", "column", "block"];

/** The kind a node's parent has; sections sit at the root. */
export const PARENT_KIND: Record<NodeKind, NodeKind | null> = { section: null, row: "section", column: "row", block: "column" };

export const CHILD_KIND: Record<NodeKind, NodeKind | null> = { section: "row", row: "column", column: "block", block: null };

/** Where a node sits: its indices from the root (section, row, column, block). */
export type NodePath = number[];

export function kindOfPath(path: NodePath): NodeKind {
  return KINDS[path.length - 1];
}
