"use client";
// The canvas tree. Every node is memoized on its object identity: the reducer keeps untouched subtrees
// identical, so an edit re-renders only the path from the root to the changed node.
import dynamic from "next/dynamic";
import { memo, useCallback } from "react";
import { selectNodeErrors, useEditorUi } from "../editor-ui";
import type { Block, Column, Row, Section } from "../state/document";
import { newRow, nodeLabel, sectionLabel } from "../state/factories";
import { isLockedSection, isProductSection } from "../state/rules";
import { newNodeId } from "../state/client-id";
import { useEditorStore, useValue } from "../state/store";
import { BlockView } from "./block-view";
import { Icon } from "../icons";
import { NodeFrame } from "./node-frame";
import { toCss } from "./styles";

// Tiptap loads only when a text block is opened for editing.
const RichTextEditor = dynamic(() => import("../rich-text/rich-text-editor"), {
  ssr: false,
  loading: () => <div className="ed-b-text">Loading editor…</div>,
});

type Ctx = { sectionType?: string; locked?: boolean };

export const SectionNode = memo(function SectionNode({ section }: { section: Section }) {
  const store = useEditorStore();
  const ui = useEditorUi();
  const locked = isLockedSection(section);
  const label = nodeLabel("section", section);
  const visibility = section.visibility;
  const addRow = () => {
    const last = section.rows[section.rows.length - 1];
    store.dispatch({
      type: "insert",
      kind: "row",
      node: newRow(last?.columns.length ?? 1, newNodeId),
      parentId: section.id,
      index: section.rows.length,
    });
  };
  return (
    <NodeFrame
      kind="section"
      nodeId={section.id}
      label={label}
      style={toCss(section.styleProperties)}
      className={isProductSection(section) ? "ed-product-section" : undefined}
      locked={section.type === "badge"}
      hidden={{ desktop: visibility?.isDesktopVisible === false, mobile: visibility?.isMobileVisible === false }}
      extraTools={
        <>
          {!locked && (
            <button type="button" className="ed-tool" aria-label={`Add a row to ${label}`} title="Add row" onClick={addRow}>
              <Icon name="plus" />
            </button>
          )}
          <button
            type="button"
            className="ed-tool"
            aria-label={`Save ${label} as a universal layout`}
            title="Save as layout"
            onClick={() => ui.saveSectionAsLayout(section.id)}
          >
            <Icon name="star" />
          </button>
        </>
      }
    >
      {(section.type || locked) && <span className="ed-section-tag">{sectionLabel(section.type)}</span>}
      {section.rows.map((row) => (
        <RowNode key={row.id} row={row} sectionType={section.type} locked={locked} />
      ))}
      {section.rows.length === 0 && <div className="ed-empty">{locked ? "Saved layout" : "Empty section: add a row from its toolbar"}</div>}
    </NodeFrame>
  );
});

const RowNode = memo(function RowNode({ row, sectionType, locked }: { row: Row } & Ctx) {
  const label = nodeLabel("row", row);
  return (
    <NodeFrame kind="row" nodeId={row.id} label={label} style={toCss(row.styleProperties)} locked={locked}>
      <div className="ed-row-columns">
        {row.columns.map((column) => (
          <ColumnNode key={column.id} column={column} sectionType={sectionType} locked={locked} />
        ))}
      </div>
    </NodeFrame>
  );
});

const ColumnNode = memo(function ColumnNode({ column, sectionType, locked }: { column: Column } & Ctx) {
  const label = nodeLabel("column", column);
  const width = column.width;
  const style = {
    ...toCss(column.styleProperties),
    flex: width ? `0 0 ${width}` : "1 1 0",
    maxWidth: width ?? undefined,
    width: undefined,
  };
  return (
    <NodeFrame kind="column" nodeId={column.id} label={label} style={style} locked={locked}>
      {column.blocks.map((block) => (
        <BlockNode key={block.id} block={block} locked={locked} />
      ))}
      {column.blocks.length === 0 && (
        <div className="ed-empty ed-drop-hint">
          {isProductSection({ type: sectionType as Section["type"] }) ? "Drop product blocks here" : "Drop blocks here"}
        </div>
      )}
    </NodeFrame>
  );
});

const BlockNode = memo(function BlockNode({ block, locked }: { block: Block; locked?: boolean }) {
  const store = useEditorStore();
  const ui = useEditorUi();
  const editing = useValue(ui.editing, (id) => id === block.id);
  const errors = useValue(ui.errors, selectNodeErrors(block.id));
  const label = nodeLabel("block", block);
  const startEditing = useCallback(() => {
    if (block.type === "text") ui.editing.set(block.id);
  }, [block.type, block.id, ui.editing]);
  const onChange = useCallback(
    (html: string) => store.dispatch({ type: "update", id: block.id, patch: { text: html }, coalesce: "text" }),
    [store, block.id],
  );
  const onDone = useCallback(() => {
    ui.editing.set(null);
    (document.querySelector(`[data-node-id="${CSS.escape(block.id)}"]`) as HTMLElement | null)?.focus();
  }, [ui.editing, block.id]);
  return (
    <NodeFrame
      kind="block"
      nodeId={block.id}
      label={label}
      locked={locked}
      onActivate={startEditing}
      hidden={{ desktop: block.visibility?.isDesktopVisible === false, mobile: block.visibility?.isMobileVisible === false }}
      className={errors.length > 0 ? "ed-block-invalid" : undefined}
      extraTools={
        block.type === "text" && !editing ? (
          <button type="button" className="ed-tool" aria-label="Edit text" title="Edit text (Enter)" onClick={startEditing}>
            <Icon name="pencil" />
          </button>
        ) : null
      }
    >
      {editing && block.type === "text" ? (
        <RichTextEditor html={block.text ?? ""} onChange={onChange} onDone={onDone} />
      ) : (
        <BlockView block={block} />
      )}
    </NodeFrame>
  );
});
