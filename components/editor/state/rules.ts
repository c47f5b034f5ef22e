// What may go where: the structural rules of the template document the editor enforces while editing,
// so that a drop the API would refuse is never made (the drop targets show it).
import type { AnyNode, Block, EditorDocument, NodeKind, NodePath, Section } from "./document";
import { PARENT_KIND, kindOfPath } from "./document";
import { childrenAt, nodeAt } from "./tree";

// Restated here (checked equal to the schema's in rules.test.ts) so the editor bundle need not carry zod.
export const PRODUCT_SECTION_TYPES = ["products_listing", "product_recommender", "product_cart_recovery", "product_back_in_stock"] as const;
export const SLOT_SECTION_TYPES = ["product_recommender", "product_cart_recovery", "product_back_in_stock"] as const;
export const MAX_SLOT_PRODUCT_BLOCKS = 12;
export const MAX_COLUMNS = 6;
/** Sections whose content the editor shows but does not edit. */
export const LOCKED_SECTION_TYPES = ["universal_layout", "badge"] as const;

export function isProductSection(section: Pick<Section, "type"> | undefined): boolean {
  return (PRODUCT_SECTION_TYPES as readonly string[]).includes(section?.type ?? "");
}

export function isSlotSection(section: Pick<Section, "type"> | undefined): boolean {
  return (SLOT_SECTION_TYPES as readonly string[]).includes(section?.type ?? "");
}

export function isLockedSection(section: Pick<Section, "type"> | undefined): boolean {
  return (LOCKED_SECTION_TYPES as readonly string[]).includes(section?.type ?? "");
}

/** Why `node` (of `kind`) may not go into the container at `parentPath`, or null when it may. */
export function dropRefusal(
  doc: EditorDocument,
  parentPath: NodePath,
  node: AnyNode,
  kind: NodeKind,
  movingFrom?: NodePath,
): string | null {
  const expectedParent = PARENT_KIND[kind];
  const parentKind = parentPath.length === 0 ? null : kindOfPath(parentPath);
  if (parentKind !== expectedParent) return `a ${kind} cannot go into a ${parentKind ?? "template root"}`;
  if (parentPath.length === 0) return null;
  const section = nodeAt(doc, parentPath.slice(0, 1)) as Section | undefined;
  if (!section) return "the target no longer exists";
  if (isLockedSection(section)) return "this section's content is locked";
  const sameParent = movingFrom !== undefined && samePath(movingFrom.slice(0, -1), parentPath);
  if (kind === "column" && !sameParent && childrenAt(doc, parentPath).length >= MAX_COLUMNS)
    return `a row holds at most ${MAX_COLUMNS} columns`;
  if (kind !== "block") return null;
  const isProduct = (node as Block).type === "product";
  if (isProductSection(section) && !isProduct) return "product sections accept only product blocks";
  if (!isProductSection(section) && isProduct) return "product blocks go only into product sections";
  if (isSlotSection(section)) {
    const sameSection = movingFrom !== undefined && movingFrom[0] === parentPath[0];
    if (!sameSection && countBlocks(section) >= MAX_SLOT_PRODUCT_BLOCKS)
      return `this section holds at most ${MAX_SLOT_PRODUCT_BLOCKS} product blocks`;
  }
  return null;
}

export function countBlocks(section: Section): number {
  let n = 0;
  for (const row of section.rows ?? []) for (const column of row.columns ?? []) n += column.blocks?.length ?? 0;
  return n;
}

export function samePath(a: NodePath, b: NodePath): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** True when `inner` is `outer` or lies inside it. */
export function isWithin(inner: NodePath, outer: NodePath): boolean {
  return inner.length >= outer.length && outer.every((v, i) => v === inner[i]);
}
