"use client";
// Properties of the selected node, per type; every change is an `update` action (one undo step per
// field while typing). The API's errors for the node are shown beside the field they name. Content
// first, then the style groups, then where and to whom the node shows.
import { labelled } from "@/components/ui/messages";
import { useEditorUi, selectNodeErrors } from "../editor-ui";
import { kindOfPath, type AnyNode, type Block, type Column, type EditorDocument, type Section } from "../state/document";
import { blockLabel, sectionName } from "../state/factories";
import type { NodeError } from "../state/pointers";
import { isLockedSection } from "../state/rules";
import { useEditor, useEditorStore, useValue } from "../state/store";
import { findPath, nodeAt } from "../state/tree";
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "@/lib/templates/default-presets";
import { CatalogPicker } from "./catalog-picker";
import { ConditionPicker } from "./condition-picker";
import {
  BLOCK_FIELDS,
  CUSTOM_FONT_FIELDS,
  DYNAMIC_LIST_FIELDS,
  DYNAMIC_LIST_SOURCES,
  PRODUCT_SECTION_FIELDS,
  RECOMMENDER_FIELDS,
  RECOMMENDER_PICKERS,
  SECTION_SETTING_FIELDS,
  type FieldSpec,
} from "./field-specs";
import { withField, withFields } from "./field-values";
import { FieldInput, Fields, patchAt } from "./fields";
import { ListEditor } from "./list-editor";
import { menuItemFrom, menuItemTo } from "./menu-items";
import { StyleGroups } from "./style-groups";
import { VisibilityFields } from "./visibility-fields";

function selectedNode(doc: EditorDocument, id: string | null) {
  const path = id ? findPath(doc, id) : null;
  return path ? { node: nodeAt(doc, path), kind: kindOfPath(path), path } : undefined;
}

/** Errors whose field lies under `prefix`, keyed by the rest of their path ("" for the node's own fields). */
export function errorsFor(errors: NodeError[], prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    if (prefix === "" ? !e.field.includes("/") : e.field.startsWith(`${prefix}/`))
      out[prefix === "" ? e.field : e.field.slice(prefix.length + 1)] = e.message;
  }
  return out;
}

type Set = (patch: Record<string, unknown>, field: string) => void;
type SetIn = (key: string, current: object | undefined, field: string, value: unknown) => void;

export function PropertyPanel() {
  const store = useEditorStore();
  const selectedId = useEditor((s) => s.selectedId);
  const node = useEditor((s) => selectedNode(s.doc, s.selectedId)?.node);
  const kind = useEditor((s) => selectedNode(s.doc, s.selectedId)?.kind);
  const sectionType = useEditor((s) => {
    const found = selectedNode(s.doc, s.selectedId);
    return found ? (s.doc.sections[found.path[0]]?.type ?? "") : "";
  });
  const ui = useEditorUi();
  const errors = useValue(ui.errors, selectNodeErrors(selectedId ?? ""));
  if (!node || !kind || !selectedId) {
    return (
      <p className="ed-muted">
        Select a section, row, column or block on the canvas to edit it. General settings apply to the whole email.
      </p>
    );
  }
  const id = node.id;
  const set: Set = (patch, field) => store.dispatch({ type: "update", id, patch, coalesce: field });
  const setIn: SetIn = (key, current, field, value) => set({ [key]: withField(current, field, value) }, `${key}.${field}`);
  const title =
    kind === "block"
      ? `${blockLabel((node as Block).type)} block`
      : kind === "section"
        ? sectionName((node as Section).type)
        : kind === "row"
          ? "Row"
          : "Column";
  const general = errorsFor(errors, "");
  const unplaced = errors.filter((e) => e.field === "" || e.field === "id" || e.field === "type");
  const styles = (node as AnyNode & { styleProperties?: Record<string, unknown> }).styleProperties;
  const locked = kind === "section" && isLockedSection(node as Section);
  return (
    <div className="ed-props" aria-label={`${title} properties`} role="group">
      <h2 className="ed-panel-title">{title}</h2>
      {unplaced.length > 0 && (
        <ul className="ed-node-errors" role="alert">
          {unplaced.map((e) => (
            <li key={e.pointer}>{labelled(e.label, e.message)}</li>
          ))}
        </ul>
      )}
      {kind === "block" && <BlockFields block={node as Block} sectionType={sectionType} set={set} errors={errors} general={general} />}
      {kind === "section" && <SectionFields section={node as Section} setIn={setIn} errors={errors} />}
      {kind === "column" && (
        <FieldInput
          spec={{ key: "width", label: "Width", kind: "length", placeholder: "50% or 300px", hint: "A share of the row (50%) or pixels" }}
          value={(node as Column).width}
          onChange={(v) => set({ width: v }, "width")}
          error={general.width}
        />
      )}
      {!locked && (
        <StyleGroups
          kind={kind}
          blockType={kind === "block" ? (node as Block).type : undefined}
          values={styles}
          onChange={(k, v) => setIn("styleProperties", styles, k, v)}
          onPatch={(patch) => set({ styleProperties: withFields(styles, patch) }, `styleProperties.${Object.keys(patch).join(",")}`)}
          errors={errorsFor(errors, "styleProperties")}
        />
      )}
      {kind === "block" && (
        <NodeAudience
          what="block"
          visibility={(node as Block).visibility}
          filter={(node as Block).filter}
          set={set}
          setIn={setIn}
          errors={errors}
          filterKey="filter"
        />
      )}
      {kind === "section" && (node as Section).type !== "badge" && (
        <NodeAudience
          what="section"
          visibility={(node as Section).visibility}
          filter={(node as Section).settings?.filter}
          set={set}
          setIn={setIn}
          errors={errors}
          filterKey="settings/filter"
          onFilter={(filter) => setIn("settings", (node as Section).settings, "filter", filter)}
        />
      )}
    </div>
  );
}

/** Where the node shows (devices) and to whom (conditional content). */
function NodeAudience({
  what,
  visibility,
  filter,
  set,
  setIn,
  errors,
  filterKey,
  onFilter,
}: {
  what: string;
  visibility: Block["visibility"];
  filter: Block["filter"];
  set: Set;
  setIn: SetIn;
  errors: NodeError[];
  filterKey: string;
  onFilter?: (filter: Block["filter"]) => void;
}) {
  return (
    <>
      <VisibilityFields
        what={what}
        visibility={visibility}
        onChange={(field, value) => setIn("visibility", visibility, field, value)}
        errors={errorsFor(errors, "visibility")}
      />
      <ConditionPicker
        what={what}
        filter={filter}
        onChange={onFilter ?? ((f) => set({ filter: f }, "filter"))}
        errors={errorsFor(errors, filterKey)}
      />
    </>
  );
}

function BlockFields({
  block,
  sectionType,
  set,
  errors,
  general,
}: {
  block: Block;
  sectionType: string;
  set: Set;
  errors: NodeError[];
  general: Record<string, string>;
}) {
  const ui = useEditorUi();
  const settings = useEditor((s) => s.doc.generalSettings);
  const presetList =
    block.type === "button" ? (settings?.buttonPresets ?? DEFAULT_BUTTON_PRESETS) : (settings?.textPresets ?? DEFAULT_TEXT_PRESETS);
  const presetSpec: FieldSpec = {
    key: "stylePresetID",
    label: block.type === "button" ? "Button style" : "Text style",
    kind: "select",
    options: presetList.map((p) => ({ value: p.id, label: p.name })),
    hint: "Styles are shared by the whole email: change them in General settings",
  };
  const values = block as unknown as Record<string, unknown>;
  return (
    <>
      {block.type === "text" && (
        <div className="ed-field">
          <button type="button" className="ed-btn" onClick={() => ui.editing.set(block.id)}>
            Edit text on the canvas
          </button>
          <p className="ed-hint">
            Or double-click the block. The text toolbar formats the text and adds merge tags such as the contact’s first name.
          </p>
          {general.text && (
            <p className="ed-field-error" role="alert">
              {general.text}
            </p>
          )}
        </div>
      )}
      {(block.type === "text" || block.type === "button") && (
        <FieldInput
          spec={presetSpec}
          value={block.stylePresetID}
          onChange={(v) => set({ stylePresetID: v }, "stylePresetID")}
          error={general.stylePresetID}
        />
      )}
      <Fields
        specs={BLOCK_FIELDS[block.type] ?? []}
        values={values}
        onChange={(k, v) => set(k === "$code" ? codePatch(block, v) : patchAt(values, k, v), k)}
        errors={{ ...byField(errors), ...codeErrors(errors) }}
      />
      {block.type === "product" && sectionType === "products_listing" && (
        <CatalogPicker
          label="Product"
          source="products"
          single
          values={block.product?.productID ? [block.product.productID] : []}
          onChange={(ids) => set(patchAt(values, "product.productID", ids?.[ids.length - 1]), "product.productID")}
          error={byField(errors)["product/productID"]}
        />
      )}
      {block.type === "product" && sectionType !== "products_listing" && (
        <p className="ed-hint">The products are chosen for each recipient when the email is sent.</p>
      )}
      {block.type === "menu" && (
        <ListEditor
          label="Menu items"
          itemName="item"
          items={(block.components ?? []).map(menuItemFrom)}
          errors={errorsFor(errors, "components")}
          fields={[
            { key: "text", label: "Text", kind: "text", required: true },
            { key: "link", label: "Link", kind: "text", required: true },
          ]}
          make={(newId) => menuItemFrom({ id: newId(), type: "text", role: "menu_text", text: '<a href="https://">Link</a>' })}
          onChange={(items) => set({ components: items.map(menuItemTo) }, "components")}
        />
      )}
      {block.type === "social" && (
        <ListEditor
          label="Social links"
          itemName="link"
          items={block.social?.icons ?? []}
          errors={errorsFor(errors, "social/icons")}
          fields={[
            {
              key: "type",
              label: "Network",
              kind: "select",
              required: true,
              options: [
                "facebook",
                "instagram",
                "x",
                "linkedin",
                "youtube",
                "tiktok",
                "pinterest",
                "snapchat",
                "whatsapp",
                "telegram",
                "threads",
                "website",
                "email",
              ].map((v) => ({ value: v, label: NETWORK_NAMES[v] ?? v })),
            },
            { key: "link", label: "Link", kind: "text", required: true },
          ]}
          make={() => ({ type: "website", link: "https://" })}
          onChange={(icons) => set(patchAt(values, "social.icons", icons), "social.icons")}
        />
      )}
    </>
  );
}

const NETWORK_NAMES: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X (Twitter)",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  tiktok: "TikTok",
  pinterest: "Pinterest",
  snapchat: "Snapchat",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  threads: "Threads",
  website: "Website",
  email: "Email",
};

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

type CustomFont = NonNullable<NonNullable<Section["settings"]>["customFonts"]>[number];

function SectionFields({ section, setIn, errors }: { section: Section; setIn: SetIn; errors: NodeError[] }) {
  if (section.type === "badge")
    return <p className="ed-muted">The Inkwell badge of the free plan. It cannot be edited and is not saved with the template.</p>;
  const settings = section.settings as Record<string, unknown> | undefined;
  const setSetting = (key: string, value: unknown) => setIn("settings", section.settings, key, value);
  const recommender = section.productRecommender as Record<string, unknown> | undefined;
  return (
    <>
      {section.type === "universal_layout" && (
        <p className="ed-muted">
          A saved layout: its content comes from the layout and is edited there. You can move, duplicate or remove it here.
        </p>
      )}
      {section.type === "product_recommender" && (
        <fieldset className="ed-group">
          <legend>Recommended products</legend>
          <Fields
            specs={RECOMMENDER_FIELDS}
            values={recommender}
            onChange={(k, v) => setIn("productRecommender", section.productRecommender, k, v)}
            errors={errorsFor(errors, "productRecommender")}
          />
          {RECOMMENDER_PICKERS.map((p) => (
            <CatalogPicker
              key={p.key}
              label={p.label}
              source={p.source}
              values={(recommender?.[p.key] as string[] | undefined) ?? []}
              onChange={(ids) => setIn("productRecommender", section.productRecommender, p.key, ids)}
              error={errorsFor(errors, "productRecommender")[p.key]}
            />
          ))}
        </fieldset>
      )}
      {section.type === "dynamic_list" && (
        <DynamicListFields section={section} setSetting={setSetting} errors={errorsFor(errors, "settings/dynamicList")} />
      )}
      {(section.type === "products_listing" ||
        section.type === "product_recommender" ||
        section.type === "product_back_in_stock" ||
        section.type === "product_cart_recovery") && (
        <Fields specs={PRODUCT_SECTION_FIELDS} values={settings} onChange={setSetting} errors={errorsFor(errors, "settings")} />
      )}
      {section.type !== "universal_layout" && (
        <>
          <Fields specs={SECTION_SETTING_FIELDS} values={settings} onChange={setSetting} errors={errorsFor(errors, "settings")} />
          <ListEditor<CustomFont>
            label="Web fonts"
            itemName="font"
            hint="Fonts loaded from a stylesheet (e.g. Google Fonts). Choose them under Font; email apps without web fonts show Arial."
            items={section.settings?.customFonts ?? []}
            errors={errorsFor(errors, "settings/customFonts")}
            fields={CUSTOM_FONT_FIELDS}
            make={() => ({ name: "Lobster", href: "https://fonts.googleapis.com/css2?family=Lobster" })}
            onChange={(fonts) => setSetting("customFonts", fonts.length ? fonts : undefined)}
            max={10}
          />
        </>
      )}
    </>
  );
}

function DynamicListFields({
  section,
  setSetting,
  errors,
}: {
  section: Section;
  setSetting: (key: string, value: unknown) => void;
  errors: Record<string, string>;
}) {
  const list = (section.settings?.dynamicList ?? { listPath: "order.products" }) as Record<string, unknown>;
  const path = typeof list.listPath === "string" ? list.listPath : "";
  const known = DYNAMIC_LIST_SOURCES.some((s) => s.value === path);
  const write = (key: string, value: unknown) => setSetting("dynamicList", withField(list, key, value) ?? {});
  return (
    <fieldset className="ed-group">
      <legend>Repeated content</legend>
      <FieldInput
        spec={{
          key: "source",
          label: "Repeat for each of",
          kind: "select",
          required: true,
          options: [...DYNAMIC_LIST_SOURCES, { value: "__event", label: "Items of the contact's latest event" }],
        }}
        value={known ? path : "__event"}
        onChange={(v) => write("listPath", v === "__event" ? "items" : v)}
        error={errors.listPath}
      />
      {!known && (
        <FieldInput
          spec={{
            key: "listPath",
            label: "Event property holding the list",
            kind: "text",
            required: true,
            placeholder: "items",
            hint: "The property of the event that lists the items, e.g. items or lineItems",
          }}
          value={path}
          onChange={(v) => write("listPath", v)}
          error={errors.listPath}
        />
      )}
      <Fields specs={DYNAMIC_LIST_FIELDS} values={list} onChange={write} errors={errors} />
    </fieldset>
  );
}
