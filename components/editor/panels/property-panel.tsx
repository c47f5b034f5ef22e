"use client";
// Properties of the selected node, per type; every change is an `update` action (one undo step per
// field while typing). The API's errors for the node are shown beside the field they name.
import { selectNodeErrors, useEditorUi } from "../editor-ui";
import { kindOfPath, type AnyNode, type Block, type Column, type EditorDocument, type Section } from "../state/document";
import { blockLabel, sectionLabel } from "../state/factories";
import type { NodeError } from "../state/pointers";
import { isLockedSection } from "../state/rules";
import { useEditor, useEditorStore, useValue } from "../state/store";
import { findPath, nodeAt } from "../state/tree";
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "@/lib/templates/default-presets";
import { BLOCK_FIELDS, DYNAMIC_LIST_FIELDS, RECOMMENDER_FIELDS, STYLE_FIELDS, type FieldSpec } from "./field-specs";
import { FieldInput, Fields, patchAt } from "./fields";
import { ListEditor } from "./list-editor";
import { FilterFields, VisibilityFields } from "./visibility-fields";
import { menuItemFrom, menuItemTo } from "./menu-items";

function selectedNode(doc: EditorDocument, id: string | null) {
  const path = id ? findPath(doc, id) : null;
  return path ? { node: nodeAt(doc, path), kind: kindOfPath(path) } : undefined;
}

function errorsFor(errors: NodeError[], prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    if (prefix === "" ? !e.field.includes("/") : e.field.startsWith(`${prefix}/`)) out[prefix === "" ? e.field : e.field.slice(prefix.length + 1)] = e.message;
  }
  return out;
}

export function PropertyPanel() {
  const store = useEditorStore();
  const ui = useEditorUi();
  const selectedId = useEditor((s) => s.selectedId);
  const node = useEditor((s) => selectedNode(s.doc, s.selectedId)?.node);
  const kind = useEditor((s) => selectedNode(s.doc, s.selectedId)?.kind);
  const errors = useValue(ui.errors, selectNodeErrors(selectedId ?? ""));
  const presets = useEditor((s) => s.doc.generalSettings);
  if (!node || !kind || !selectedId) {
    return <p className="ed-muted">Select a section, row, column or block on the canvas to edit it. General settings apply to the whole email.</p>;
  }
  const id = node.id;
  const set = (patch: Record<string, unknown>, field: string) => store.dispatch({ type: "update", id, patch, coalesce: field });
  const setIn = (key: string, current: object | undefined, field: string, value: unknown) => {
    const next: Record<string, unknown> = { ...(current ?? {}), [field]: value };
    if (value === undefined) delete next[field];
    set({ [key]: Object.keys(next).length ? next : undefined }, `${key}.${field}`);
  };
  const title = kind === "block" ? `${blockLabel((node as Block).type)} block` : kind === "section" ? `${sectionLabel((node as Section).type)} section` : kind === "row" ? "Row" : "Column";
  const general = errorsFor(errors, "");
  const unplaced = errors.filter((e) => e.field === "" || e.field === "id" || e.field === "type");
  return (
    <div className="ed-props" aria-label={`${title} properties`} role="group">
      <h2 className="ed-panel-title">{title}</h2>
      {unplaced.length > 0 && (
        <ul className="ed-node-errors" role="alert">
          {unplaced.map((e) => (
            <li key={e.pointer}>{e.message}</li>
          ))}
        </ul>
      )}
      {kind === "block" && <BlockFields block={node as Block} set={set} setIn={setIn} errors={errors} general={general} presets={presets} />}
      {kind === "section" && <SectionFields section={node as Section} setIn={setIn} errors={errors} />}
      {kind === "column" && (
        <FieldInput spec={{ key: "width", label: "Width", kind: "length", placeholder: "50% or 300px" }} value={(node as Column).width} onChange={(v) => set({ width: v }, "width")} error={general.width} />
      )}
      {!(kind === "section" && isLockedSection(node as Section)) && (
        <details className="ed-group" open={kind !== "block"}>
          <summary>Spacing and background</summary>
          <Fields specs={STYLE_FIELDS} values={(node as AnyNode & { styleProperties?: Record<string, unknown> }).styleProperties} onChange={(k, v) => setIn("styleProperties", (node as { styleProperties?: object }).styleProperties, k, v)} errors={errorsFor(errors, "styleProperties")} />
        </details>
      )}
    </div>
  );
}

type SetIn = (key: string, current: object | undefined, field: string, value: unknown) => void;

function BlockFields({ block, set, setIn, errors, general, presets }: { block: Block; set: (p: Record<string, unknown>, f: string) => void; setIn: SetIn; errors: NodeError[]; general: Record<string, string>; presets: Section["settings"] | undefined | object }) {
  const ui = useEditorUi();
  const settings = presets as { buttonPresets?: { id: string; name: string }[]; textPresets?: { id: string; name: string }[] } | undefined;
  const presetList = block.type === "button" ? (settings?.buttonPresets ?? DEFAULT_BUTTON_PRESETS) : (settings?.textPresets ?? DEFAULT_TEXT_PRESETS);
  const presetSpec: FieldSpec = { key: "stylePresetID", label: block.type === "button" ? "Button style" : "Text style", kind: "select", options: presetList.map((p) => p.id) };
  const values = block as unknown as Record<string, unknown>;
  return (
    <>
      {block.type === "text" && (
        <div className="ed-field">
          <button type="button" className="ed-btn" onClick={() => ui.editing.set(block.id)}>
            Edit text on the canvas
          </button>
          <p className="ed-hint">Or double-click the block. The text menu inserts personalization tags such as [[contact.first_name | there]].</p>
          {general.text && <p className="ed-field-error" role="alert">{general.text}</p>}
        </div>
      )}
      {(block.type === "text" || block.type === "button") && (
        <FieldInput spec={presetSpec} value={block.stylePresetID} onChange={(v) => set({ stylePresetID: v }, "stylePresetID")} error={general.stylePresetID} />
      )}
      <Fields specs={BLOCK_FIELDS[block.type] ?? []} values={values} onChange={(k, v) => set(k === "$code" ? codePatch(block, v) : patchAt(values, k, v), k)} errors={{ ...byField(errors), ...codeErrors(errors) }} />
      {block.type === "menu" && (
        <ListEditor
          label="Menu items"
          items={(block.components ?? []).map(menuItemFrom)}
          errors={errorsFor(errors, "components")}
          fields={[{ key: "text", label: "Text", kind: "text", required: true }, { key: "link", label: "Link", kind: "text", required: true }]}
          make={(newId) => menuItemFrom({ id: newId(), type: "text", role: "menu_text", text: '<a href="https://example.com">Link</a>' })}
          onChange={(items) => set({ components: items.map(menuItemTo) }, "components")}
        />
      )}
      {block.type === "social" && (
        <ListEditor
          label="Social links"
          items={block.social?.icons ?? []}
          errors={errorsFor(errors, "social/icons")}
          fields={[
            { key: "type", label: "Network", kind: "select", required: true, options: ["facebook", "instagram", "x", "twitter", "linkedin", "youtube", "tiktok", "pinterest", "snapchat", "whatsapp", "telegram", "threads", "website", "email"] },
            { key: "link", label: "Link", kind: "text", required: true },
          ]}
          make={() => ({ type: "website", link: "https://example.com" })}
          onChange={(icons) => set(patchAt(values, "social.icons", icons), "social.icons")}
        />
      )}
      <VisibilityFields visibility={block.visibility} onChange={(field, value) => setIn("visibility", block.visibility, field, value)} errors={errorsFor(errors, "visibility")} />
      <FilterFields filter={block.filter} onChange={(filter) => set({ filter }, "filter")} errors={errorsFor(errors, "filter")} />
    </>
  );
}

/** Every error of the node by its field path inside the node (e.g. "button/link"). */
function byField(errors: NodeError[]): Record<string, string> {
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

/** A discount block's code lives in its discount_code component (what the recipient sees) and in the offer. */
function codePatch(block: Block, code: unknown): Record<string, unknown> {
  const key = block.type as "discount" | "staticDiscount" | "dynamicDiscount";
  const parts = block.components ?? [];
  const hasCode = parts.some((c) => c.role === "discount_code");
  const components = hasCode
    ? parts.map((c) => (c.role === "discount_code" ? { ...c, text: typeof code === "string" ? code : "" } : c))
    : [{ type: "text" as const, role: "discount_code" as const, text: typeof code === "string" ? code : "" }, ...parts];
  return { components, [key]: { ...(block[key] ?? {}), code: typeof code === "string" ? code : undefined } };
}

/** Errors of the code component, shown on the Code field. */
function codeErrors(errors: NodeError[]): Record<string, string> {
  const e = errors.find((x) => x.field === "components" || /^components\/\d+\/text$/.test(x.field));
  return e ? { $code: e.message } : {};
}

function SectionFields({ section, setIn, errors }: { section: Section; setIn: SetIn; errors: NodeError[] }) {
  if (section.type === "badge") return <p className="ed-muted">The service badge is read-only (free plan). It is not saved with the template.</p>;
  return (
    <>
      {section.type === "universal_layout" && <p className="ed-muted">A saved layout: its content comes from the layout and is edited there. You can move, duplicate or remove it here.</p>}
      {section.type === "product_recommender" && (
        <fieldset className="ed-group">
          <legend>Recommendations</legend>
          <Fields specs={RECOMMENDER_FIELDS} values={section.productRecommender as Record<string, unknown> | undefined} onChange={(k, v) => setIn("productRecommender", section.productRecommender, k, v)} errors={errorsFor(errors, "productRecommender")} />
        </fieldset>
      )}
      {section.type === "dynamic_list" && (
        <fieldset className="ed-group">
          <legend>Dynamic list</legend>
          <Fields
            specs={DYNAMIC_LIST_FIELDS}
            values={section.settings?.dynamicList as Record<string, unknown> | undefined}
            onChange={(k, v) => {
              const next = { ...(section.settings?.dynamicList ?? { listPath: "order.products" }), [k]: v } as Record<string, unknown>;
              if (v === undefined) delete next[k];
              setIn("settings", section.settings, "dynamicList", next);
            }}
            errors={errorsFor(errors, "settings/dynamicList")}
          />
        </fieldset>
      )}
      <VisibilityFields visibility={section.visibility} onChange={(field, value) => setIn("visibility", section.visibility, field, value)} errors={errorsFor(errors, "visibility")} />
      <FilterFields filter={section.settings?.filter} onChange={(filter) => setIn("settings", section.settings, "filter", filter)} errors={errorsFor(errors, "settings/filter")} />
    </>
  );
}
