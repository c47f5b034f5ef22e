// Which panel field an API error is about, by the label the panel shows and the kind of input: so an
// error pinned on the canvas reads "Image: enter a web address starting with https://…" and the panel
// shows the sentence under the field itself, never the pointer ("image/source") or the schema's text.
import type { InputKind } from "@/components/ui/messages";
import type { AnyNode, Block, NodeKind, Section } from "../state/document";
import {
  BLOCK_FIELDS,
  CUSTOM_FONT_FIELDS,
  DYNAMIC_LIST_FIELDS,
  GENERAL_SETTINGS_FIELDS,
  PRESET_STYLE_FIELDS,
  PRODUCT_SECTION_FIELDS,
  RECOMMENDER_FIELDS,
  RECOMMENDER_PICKERS,
  SECTION_SETTING_FIELDS,
  styleGroups,
  type FieldSpec,
} from "./field-specs";
import { BACKGROUND_KEYS } from "./background-image";

export type FieldWords = { label: string; input?: InputKind };

/** A field of a panel: its path inside the node ("#" for a list index) and how it is labelled there. */
type Entry = { path: string; label: string; input?: InputKind };

/** The input kind of a panel field, for the wording of its errors. */
export function inputKind(spec: Pick<FieldSpec, "key" | "kind" | "pixelsOnly">): InputKind {
  switch (spec.kind) {
    case "color":
      return "colour";
    case "length":
      return spec.pixelsOnly ? "pixels" : "length";
    case "signedLength":
      return "spacing";
    case "image":
    case "backgroundImage":
      return "image";
    case "number":
      return "number";
    case "select":
    case "font":
    case "checkbox":
      return "choice";
    default:
      return /(?:^|\.)(?:link|href)$/i.test(spec.key) ? "link" : "text";
  }
}

const entries = (specs: readonly FieldSpec[], prefix = "", label = (l: string) => l): Entry[] =>
  specs.flatMap((spec) =>
    // A background image is stored under one of two keys (a library image's id, or a typed address).
    (spec.kind === "backgroundImage" ? BACKGROUND_KEYS : [spec.key]).map((key) => ({
      path: prefix + key.replaceAll(".", "/"),
      label: label(spec.label),
      input: inputKind(spec),
    })),
  );

/** Style fields; the four sides of a group are named with it: "Padding (top)". */
const styleEntries = (kind: NodeKind, blockType?: string): Entry[] =>
  styleGroups(kind, blockType).flatMap((g) =>
    entries(g.specs, "styleProperties/", g.sides ? (l) => `${g.title} (${l.toLowerCase()})` : undefined),
  );

const AUDIENCE: Entry[] = [
  { path: "visibility", label: "Show on", input: "choice" },
  { path: "filter", label: "Who sees this", input: "choice" },
  { path: "settings/filter", label: "Who sees this", input: "choice" },
];

function blockEntries(block: Block): Entry[] {
  const preset = block.type === "button" ? "Button style" : "Text style";
  const code = BLOCK_FIELDS[block.type]?.find((s) => s.key === "$code");
  return [
    ...entries((BLOCK_FIELDS[block.type] ?? []).filter((s) => s.key !== "$code")),
    ...(code
      ? [
          { path: "components", label: code.label },
          { path: "components/#/text", label: code.label },
        ]
      : []),
    { path: "text", label: "Text" },
    { path: "stylePresetID", label: preset, input: "choice" },
    { path: "secondaryStylePresetID", label: preset, input: "choice" },
    { path: "product/productID", label: "Product", input: "choice" },
    ...(block.type === "menu"
      ? [
          { path: "components/#/text", label: "Text #" },
          { path: "components/#/link", label: "Link #", input: "link" as const },
          { path: "components", label: "Menu items" },
        ]
      : []),
    { path: "social/icons/#/type", label: "Network #", input: "choice" },
    { path: "social/icons/#/link", label: "Link #", input: "link" },
    { path: "social/icons", label: "Social links" },
    ...styleEntries("block", block.type),
    ...AUDIENCE,
  ];
}

function sectionEntries(section: Section): Entry[] {
  return [
    ...entries(RECOMMENDER_FIELDS, "productRecommender/"),
    ...RECOMMENDER_PICKERS.map((p) => ({ path: `productRecommender/${p.key}`, label: p.label, input: "choice" as const })),
    { path: "productRecommender", label: "Recommended products" },
    { path: "settings/dynamicList/listPath", label: "Repeat for each of" },
    ...entries(DYNAMIC_LIST_FIELDS, "settings/dynamicList/"),
    { path: "settings/dynamicList", label: "Repeated content" },
    ...entries(CUSTOM_FONT_FIELDS, "settings/customFonts/#/", (l) => `${l} #`),
    ...entries([...PRODUCT_SECTION_FIELDS, ...SECTION_SETTING_FIELDS], "settings/"),
    ...styleEntries("section"),
    ...(section.type === "badge" ? [] : AUDIENCE),
  ];
}

const GENERAL: Entry[] = [
  { path: "name", label: "Template name" },
  { path: "generalSettings/content/width", label: "Content width", input: "pixels" },
  ...entries(GENERAL_SETTINGS_FIELDS.content, "generalSettings/content/"),
  ...entries(GENERAL_SETTINGS_FIELDS.body, "generalSettings/body/"),
  ...entries(GENERAL_SETTINGS_FIELDS.logo, "generalSettings/logo/"),
  ...(["buttonPresets", "textPresets"] as const).flatMap((list) => {
    const style = list === "buttonPresets" ? "Button style" : "Text style";
    return [
      { path: `generalSettings/${list}/#/name`, label: `${style} #, name` },
      ...entries(PRESET_STYLE_FIELDS, `generalSettings/${list}/#/styles/`, (l) => `${style} #, ${l.toLowerCase()}`),
      { path: `generalSettings/${list}`, label: `${style}s` },
    ];
  }),
];

function entriesOf(kind: NodeKind | null, node: AnyNode | undefined): Entry[] {
  if (kind === null || !node) return GENERAL;
  switch (kind) {
    case "block":
      return blockEntries(node as Block);
    case "section":
      return sectionEntries(node as Section);
    case "column":
      return [{ path: "width", label: "Width", input: "length" }, ...styleEntries("column")];
    default:
      return styleEntries("row");
  }
}

/** The entry naming `field` (a path inside the node, e.g. "image/source" or "social/icons/1/link"):
 * the longest one it equals or lies under, with "#" read as the list position (1-based). */
function match(list: Entry[], field: string): FieldWords | null {
  let best: { entry: Entry; numbers: string[]; length: number } | null = null;
  for (const entry of list) {
    const pattern = new RegExp(`^${entry.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("#", "(\\d+)")}(?:/|$)`);
    const found = pattern.exec(field);
    if (found && (!best || entry.path.length > best.length)) best = { entry, numbers: found.slice(1), length: entry.path.length };
  }
  if (!best) return null;
  let n = 0;
  const label = best.entry.label.replace(/#/g, () => String(Number(best.numbers[n++] ?? 0) + 1));
  // An error deeper than the field (an item of a list field) is worded for the field, not its input.
  const exact = best.entry.path.split("/").length === field.split("/").length;
  return { label, input: exact ? best.entry.input : undefined };
}

/** How the panel names the field an error points at; null when no panel field edits it. */
export function fieldWords(kind: NodeKind | null, node: AnyNode | undefined, field: string): FieldWords | null {
  return field ? match(entriesOf(kind, node), field) : null;
}
