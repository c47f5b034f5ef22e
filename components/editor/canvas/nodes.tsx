"use client";
// The canvas tree. Every node is memoized on its object identity: the reducer keeps untouched subtrees
// identical, so an edit re-renders only the path from the root to the changed node.
import dynamic from "next/dynamic";
import { memo, useCallback } from "react";
import { selectNodeErrors, useEditorUi } from "../editor-ui";
import type { Block, Column, Row, Section } from "../state/document";
import { blockLabel, newRow, sectionLabel } from "../state/factories";
import { isLockedSection, isProductSection } from "../state/rules";
import { newNodeId } from "../state/client-id";
import { useEditorStore, useValue } from "../state/store";
import { BlockView } from "./block-view";
import { Icon } from "../icons";
import { NodeFrame } from "./node-frame";
import { toCss } from "./styles";
import { useContainerDnd, useNodeDnd } from "./use-node-dnd";

// Tiptap loads only when a text block is opened for editing.
const RichTextEditor = dynamic(() => import("../rich-text/rich-text-editor"), { ssr: false, loading: () => <div className="ed-b-text">Loading editor…</div> });

type Ctx = { sectionType?: string; locked?: boolean };

export const SectionNode = memo(function SectionNode({ section }: { section: Section }) {
  const store = useEditorStore();
  const ui = useEditorUi();
  const locked = isLockedSection(section);
  const label = `${sectionLabel(section.type)} section`;
  const { ref, handleProps } = useContainerDnd({ kind: "section", nodeId: section.id, parentId: null, sectionType: section.type, label, holds: "row", locked: section.type === "badge" });
  const visibility = section.settings?.visibility;
  const addRow = () => {
    const last = section.rows[section.rows.length - 1];
    store.dispatch({ type: "insert", kind: "row", node: newRow(last?.columns.length ?? 1, newNodeId), parentId: section.id, index: section.rows.length });
  };
  return (
    <NodeFrame
      ref={ref}
      kind="section"
      nodeId={section.id}
      label={label}
      style={toCss(section.styleProperties)}
      className={isProductSection(section) ? "ed-product-section" : undefined}
      locked={section.type === "badge"}
      handleProps={handleProps}
      hidden={{ desktop: visibility?.hideOnDesktop, mobile: visibility?.hideOnMobile }}
      extraTools={
        <>
          {!locked && (
            <button type="button" className="ed-tool" aria-label={`Add a row to ${label}`} title="Add row" onClick={addRow}>
              <Icon name="plus" />
            </button>
          )}
          <button type="button" className="ed-tool" aria-label={`Save ${label} as a universal layout`} title="Save as layout" onClick={() => ui.saveSectionAsLayout(section.id)}>
            <Icon name="star" />
          </button>
        </>
      }
    >
      {(section.type || locked) && <span className="ed-section-tag">{sectionLabel(section.type)}</span>}
      {section.rows.map((row) => (
        <RowNode key={row.id} row={row} sectionId={section.id} sectionType={section.type} locked={locked} />
      ))}
      {section.rows.length === 0 && <div className="ed-empty">{locked ? "Saved layout" : "Empty section: add a row from its toolbar"}</div>}
    </NodeFrame>
  );
});

const RowNode = memo(function RowNode({ row, sectionId, sectionType, locked }: { row: Row; sectionId: string } & Ctx) {
  const label = `Row of ${row.columns.length} column${row.columns.length === 1 ? "" : "s"}`;
  const { ref, handleProps } = useContainerDnd({ kind: "row", nodeId: row.id, parentId: sectionId, sectionType, label, holds: "column", locked });
  return (
    <NodeFrame ref={ref} kind="row" nodeId={row.id} label={label} style={toCss(row.styleProperties)} locked={locked} handleProps={handleProps}>
      <div className="ed-row-columns">
        {row.columns.map((column) => (
          <ColumnNode key={column.id} column={column} rowId={row.id} sectionType={sectionType} locked={locked} />
        ))}
      </div>
    </NodeFrame>
  );
});

const ColumnNode = memo(function ColumnNode({ column, rowId, sectionType, locked }: { column: Column; rowId: string } & Ctx) {
  const label = "Column";
  const { ref, handleProps } = useContainerDnd({ kind: "column", nodeId: column.id, parentId: rowId, sectionType, label, holds: "block", locked });
  const width = column.width;
  const style = { ...toCss(column.styleProperties), flex: width ? `0 0 ${width}` : "1 1 0", maxWidth: width ?? undefined, width: undefined };
  return (
    <NodeFrame ref={ref} kind="column" nodeId={column.id} label={label} style={style} locked={locked} handleProps={handleProps}>
      {column.blocks.map((block) => (
        <BlockNode key={block.id} block={block} columnId={column.id} sectionType={sectionType} locked={locked} />
      ))}
      {column.blocks.length === 0 && (
        <div className="ed-empty ed-drop-hint">{isProductSection({ type: sectionType as Section["type"] }) ? "Drop product blocks here" : "Drop blocks here"}</div>
      )}
    </NodeFrame>
  );
});

const BlockNode = memo(function BlockNode({ block, columnId, sectionType, locked }: { block: Block; columnId: string } & Ctx) {
  const store = useEditorStore();
  const ui = useEditorUi();
  const editing = useValue(ui.editing, (id) => id === block.id);
  const errors = useValue(ui.errors, selectNodeErrors(block.id));
  const label = `${blockLabel(block.type)} block`;
  const { ref, handleProps, listeners } = useNodeDnd({ kind: "block", nodeId: block.id, parentId: columnId, sectionType, label, blockType: block.type, locked, dragDisabled: editing });
  const startEditing = useCallback(() => {
    if (block.type === "text") ui.editing.set(block.id);
  }, [block.type, block.id, ui.editing]);
  const onChange = useCallback((html: string) => store.dispatch({ type: "update", id: block.id, patch: { text: html }, coalesce: "text" }), [store, block.id]);
  const onDone = useCallback(() => {
    ui.editing.set(null);
    (document.querySelector(`[data-node-id="${CSS.escape(block.id)}"]`) as HTMLElement | null)?.focus();
  }, [ui.editing, block.id]);
  return (
    <NodeFrame
      ref={ref}
      kind="block"
      nodeId={block.id}
      label={label}
      locked={locked}
      handleProps={handleProps}
      bodyListeners={editing ? undefined : listeners}
      onActivate={startEditing}
      hidden={{ desktop: block.visibility?.hideOnDesktop, mobile: block.visibility?.hideOnMobile }}
      className={errors.length > 0 ? "ed-block-invalid" : undefined}
      extraTools={
        block.type === "text" && !editing ? (
          <button type="button" className="ed-tool" aria-label="Edit text" title="Edit text (Enter)" onClick={startEditing}>
            <Icon name="pencil" />
          </button>
        ) : null
      }
    >
      {editing && block.type === "text" ? <RichTextEditor html={block.text} onChange={onChange} onDone={onDone} /> : <BlockView block={block} />}
    </NodeFrame>
  );
});
