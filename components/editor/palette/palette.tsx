"use client";
// The palette: sections (1-4 columns, each section type) and every writable block type, to drag onto
// the canvas, or to click (Enter) for a quick insert next to the selection. The items are dragged through
// one delegated draggable on the palette (dnd/delegated-draggable.tsx), so a drag re-renders none of them.
import { createContext, useCallback, useContext, useId, useLayoutEffect, useMemo, useState } from "react";
import { useEditorUi } from "../editor-ui";
import type { AnyNode, NodeKind, Section } from "../state/document";
import { BLOCK_TYPES, COLUMN_LAYOUTS, SECTION_TYPES, newBlock, newSection, takesColumns } from "../state/factories";
import { newNodeId } from "../state/client-id";
import { useEditorStore } from "../state/store";
import { cloneWithFreshIds } from "../state/tree";
import { useDelegatedDraggable } from "../dnd/delegated-draggable";
import { quickInsertPlace } from "./quick-insert";
import { footerSection } from "@/lib/templates/footer-section";

export type SavedLayout = { id: string; name: string; content: Section };

type ItemSpec = { kind: NodeKind; label: string; blockType?: string; create: () => AnyNode };
type ItemProps = ItemSpec & { id: string; hint?: string; icon?: React.ReactNode };

/** The items' specs by palette id (for the delegated draggable), and the drag instructions' id. */
const PaletteDragContext = createContext<{ items: Map<string, ItemSpec>; describedBy?: string }>({ items: new Map() });

function PaletteItem({ id, kind, label, hint, blockType, create, icon }: ItemProps) {
  const store = useEditorStore();
  const ui = useEditorUi();
  const { items, describedBy } = useContext(PaletteDragContext);
  useLayoutEffect(() => {
    items.set(id, { kind, label, blockType, create });
    return () => void items.delete(id);
  }, [items, id, kind, label, blockType, create]);
  const quickInsert = () => {
    const node = create();
    const { doc, selectedId } = store.getState();
    const place = quickInsertPlace(doc, selectedId, kind, node);
    if (!place) {
      ui.notify(
        blockType === "product"
          ? "Add a product section first: product blocks go only into product sections."
          : "Add a section first, then blocks into its columns.",
      );
      return;
    }
    store.dispatch({ type: "insert", kind, node, ...place });
  };
  return (
    <button
      type="button"
      className="ed-palette-item"
      data-palette-id={id}
      aria-roledescription="draggable"
      aria-describedby={describedBy}
      aria-label={`${label}${hint ? ` (${hint})` : ""}. Press Enter to add, or Space to drag.`}
      title={hint ?? label}
      onClick={quickInsert}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
}

function ColumnsIcon({ count }: { count: number }) {
  return (
    <span className="ed-cols-icon" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} />
      ))}
    </span>
  );
}

export function Palette({ layouts }: { layouts: SavedLayout[] | undefined }) {
  const ui = useEditorUi();
  const [columns, setColumns] = useState(2);
  const columnsId = useId();
  const [items] = useState(() => new Map<string, ItemSpec>());
  const resolve = useCallback(
    (target: Element, key: string | null) => {
      const button = target.closest<HTMLElement>("[data-palette-id]");
      const item = button && items.get(button.dataset.paletteId!);
      // Enter is the button's own: a click, the quick insert. Only Space picks an item up.
      if (!button || !item || (key !== null && (button !== target || key === "Enter"))) return null;
      const { kind, label, blockType, create } = item;
      return { data: { source: "palette" as const, kind, label: `new ${label}`, blockType, create }, node: button, activator: button };
    },
    [items],
  );
  const drag = useDelegatedDraggable("palette", resolve);
  const context = useMemo(() => ({ items, describedBy: drag.describedBy }), [items, drag.describedBy]);
  return (
    <PaletteDragContext.Provider value={context}>
      <nav className="ed-palette" aria-label="Palette" onPointerDown={drag.onPointerDown} onKeyDown={drag.onKeyDown}>
        {drag.delegate}
        <h2 className="ed-panel-title">Sections</h2>
        <div className="ed-palette-grid">
          {COLUMN_LAYOUTS.map((count) => (
            <PaletteItem
              key={count}
              id={`section-${count}`}
              kind="section"
              label={`${count} column${count > 1 ? "s" : ""}`}
              hint="A section with columns"
              icon={<ColumnsIcon count={count} />}
              create={() => newSection("", count, newNodeId, ui.origin)}
            />
          ))}
        </div>
        <div className="ed-field-inline">
          <label htmlFor={columnsId}>Columns in special sections</label>
          <select id={columnsId} className="ed-select" value={columns} onChange={(e) => setColumns(Number(e.target.value))}>
            {COLUMN_LAYOUTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="ed-palette-list">
          {SECTION_TYPES.filter((s) => s.type !== "").map((s) => (
            <PaletteItem
              key={s.type}
              id={`section-${s.type}`}
              kind="section"
              label={s.label}
              hint={s.description}
              create={() => newSection(s.type, takesColumns(s.type) ? columns : 1, newNodeId, ui.origin)}
            />
          ))}
          <PaletteItem
            id="section-footer"
            kind="section"
            label="Footer"
            hint="Unsubscribe and preferences links, postal address"
            create={() => footerSection(newNodeId)}
          />
        </div>
        <h2 className="ed-panel-title">Blocks</h2>
        {(["Content", "Commerce", "Order"] as const).map((group) => (
          <div key={group}>
            <h3 className="ed-palette-group">{group}</h3>
            <div className="ed-palette-grid">
              {BLOCK_TYPES.filter((b) => b.group === group).map((b) => (
                <PaletteItem
                  key={b.type}
                  id={`block-${b.type}`}
                  kind="block"
                  label={b.label}
                  blockType={b.type}
                  hint={b.type === "product" ? "Product sections only" : undefined}
                  create={() => newBlock(b.type, newNodeId, ui.origin)}
                />
              ))}
            </div>
          </div>
        ))}
        <h2 className="ed-panel-title">Saved layouts</h2>
        {layouts === undefined ? (
          <p className="ed-muted">Loading…</p>
        ) : layouts.length === 0 ? (
          <p className="ed-muted">None yet. Select a section and choose “Save as layout” (the star) in its toolbar.</p>
        ) : (
          <div className="ed-palette-list">
            {layouts.map((layout) => (
              <PaletteItem
                key={layout.id}
                id={`layout-${layout.id}`}
                kind="section"
                label={layout.name}
                hint="Saved layout"
                create={() => layoutSection(layout)}
              />
            ))}
          </div>
        )}
      </nav>
    </PaletteDragContext.Provider>
  );
}

/** A universal_layout section: a reference by id; the rows are a display copy (the API ignores them on write). */
export function layoutSection(layout: SavedLayout): Section {
  const display = cloneWithFreshIds(layout.content, "section", newNodeId);
  return {
    id: newNodeId(),
    type: "universal_layout",
    settings: { universalLayoutID: layout.id },
    rows: display.rows,
    ...(layout.content.styleProperties ? { styleProperties: layout.content.styleProperties } : {}),
  };
}
