// Rules that span nodes of the document (id uniqueness, preset references, section requirements,
// product block counts, read-only types). They walk the RAW payload defensively, so a request with
// shape errors still gets every rule error in the same answer; zod (schema/) checks each node's shape.
import type { FieldError } from "@/lib/http/problems";
import { fieldFromPath, pointerFromPath } from "@/lib/http/zod-errors";
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "./default-presets";
import { REQUIRED_BUTTON_PRESETS, REQUIRED_TEXT_PRESETS } from "./schema/presets";
import { MAX_SLOT_PRODUCT_BLOCKS, PRODUCT_SECTION_TYPES, SLOT_SECTION_TYPES, type SectionType } from "./schema/sections";
import { componentRules } from "./component-roles";

type Path = (string | number)[];
type Rec = Record<string, unknown>;

const rec = (value: unknown): Rec | undefined => (value && typeof value === "object" && !Array.isArray(value) ? (value as Rec) : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export type RuleReport = {
  errors: FieldError[];
  /** pointers of read-only nodes: shape errors inside them are noise next to the read_only error */
  readOnly: string[];
  /** universal layouts referenced, with where, for the existence check (which needs the database) */
  layoutRefs: { layoutId: string; path: Path }[];
};

function error(path: Path, code: string, message: string): FieldError {
  return { field: fieldFromPath(path), pointer: pointerFromPath(path), code, message };
}

class Walker {
  readonly report: RuleReport = { errors: [], readOnly: [], layoutRefs: [] };
  private readonly ids = new Map<string, Path>();
  private preheaders = 0;

  /** presetIds null: preset references are not checked (layouts are used by templates with their own presets). */
  constructor(private readonly presetIds: Set<string> | null) {}

  add(path: Path, code: string, message: string) {
    this.report.errors.push(error(path, code, message));
  }

  private id(node: Rec, path: Path) {
    if (typeof node.id !== "string" || node.id === "") return;
    const first = this.ids.get(node.id);
    // Paths are kept, not pointers: building a string per node is what made large documents slow.
    if (first !== undefined) this.add([...path, "id"], "duplicate", `id ${node.id} is already used at ${pointerFromPath(first)}`);
    else this.ids.set(node.id, path);
  }

  section(raw: unknown, path: Path, options: { allowLayoutRef: boolean }) {
    const section = rec(raw);
    if (!section) return;
    this.id(section, path);
    const type = (typeof section.type === "string" ? section.type : "") as SectionType;
    const settings = rec(section.settings);
    if (type === "badge") {
      this.add(
        [...path, "type"],
        "read_only",
        "the badge section is read-only; it is added on read for free-plan brands and cannot be written",
      );
      this.report.readOnly.push(pointerFromPath(path));
      return;
    }
    if (type === "universal_layout") {
      if (!options.allowLayoutRef) {
        this.add([...path, "type"], "not_allowed", "a universal layout cannot contain another universal layout");
      } else if (typeof settings?.universalLayoutID !== "string") {
        this.add([...path, "settings", "universalLayoutID"], "required", "a universal_layout section needs settings.universalLayoutID");
      } else {
        this.report.layoutRefs.push({ layoutId: settings.universalLayoutID, path: [...path, "settings", "universalLayoutID"] });
      }
      // Its rows are not stored: they are not checked either.
      return;
    }
    if (type === "dynamic_list" && settings?.dynamicList === undefined) {
      this.add([...path, "settings", "dynamicList"], "required", "a dynamic_list section needs settings.dynamicList");
    }
    if (type === "product_recommender" && section.productRecommender === undefined) {
      this.add([...path, "productRecommender"], "required", "a product_recommender section needs productRecommender");
    }
    if (type !== "product_recommender" && section.productRecommender !== undefined) {
      this.add([...path, "productRecommender"], "not_allowed", "productRecommender belongs only to product_recommender sections");
    }
    if (type === "preheader" && ++this.preheaders > 1) {
      this.add([...path, "type"], "duplicate", "a template has at most one preheader section");
    }
    const productOnly = PRODUCT_SECTION_TYPES.includes(type);
    const slots = SLOT_SECTION_TYPES.includes(type);
    let products = 0;
    list(section.rows).forEach((rowRaw, r) => {
      const row = rec(rowRaw);
      if (!row) return;
      const rowPath = [...path, "rows", r];
      this.id(row, rowPath);
      list(row.columns).forEach((columnRaw, c) => {
        const column = rec(columnRaw);
        if (!column) return;
        const columnPath = [...rowPath, "columns", c];
        this.id(column, columnPath);
        list(column.blocks).forEach((blockRaw, b) => {
          const block = rec(blockRaw);
          if (!block) return;
          const blockPath = [...columnPath, "blocks", b];
          this.block(block, blockPath);
          if (productOnly && block.type !== "product" && block.type !== "html") {
            this.add([...blockPath, "type"], "product_blocks_only", `a ${type} section accepts only product blocks`);
          }
          if (slots && block.type === "product" && ++products === MAX_SLOT_PRODUCT_BLOCKS + 1) {
            this.add(blockPath, "too_many_product_blocks", `a ${type} section holds at most ${MAX_SLOT_PRODUCT_BLOCKS} product blocks`);
          }
        });
      });
    });
  }

  private presetRef(node: Rec, key: "stylePresetID" | "secondaryStylePresetID", path: Path) {
    const id = node[key];
    if (this.presetIds && typeof id === "string" && !this.presetIds.has(id)) {
      this.add([...path, key], "unknown_preset", `no preset with id ${id} (neither in generalSettings nor a default preset)`);
    }
  }

  private block(block: Rec, path: Path) {
    this.id(block, path);
    if (block.type === "html") {
      this.add([...path, "type"], "read_only", "the html block type is deprecated and read-only; use htmlCode");
      this.report.readOnly.push(pointerFromPath(path));
      return;
    }
    if ("html" in block) {
      this.add([...path, "html"], "read_only", "html is deprecated and read-only; use htmlCode (or text)");
      this.report.readOnly.push(pointerFromPath([...path, "html"]));
    }
    this.presetRef(block, "stylePresetID", path);
    this.presetRef(block, "secondaryStylePresetID", path);
    this.components(block, path);
    for (const [at, code, message] of componentRules(block)) this.add([...path, ...at], code, message);
  }

  private components(node: Rec, path: Path) {
    list(node.components).forEach((item, i) => {
      const component = rec(item);
      if (!component) return;
      const at = [...path, "components", i];
      this.id(component, at);
      if ("html" in component) {
        this.add([...at, "html"], "read_only", "html is deprecated and read-only; use text");
        this.report.readOnly.push(pointerFromPath([...at, "html"]));
      }
      this.presetRef(component, "stylePresetID", at);
      this.components(component, at);
    });
  }
}

/** Checks the presets of generalSettings; returns the preset ids blocks may reference. */
function checkPresets(walker: Walker, settings: Rec | undefined): Set<string> {
  const ids = new Set<string>();
  const seen = new Set<string>();
  const lists = [
    { key: "buttonPresets", required: REQUIRED_BUTTON_PRESETS, defaults: DEFAULT_BUTTON_PRESETS },
    { key: "textPresets", required: REQUIRED_TEXT_PRESETS, defaults: DEFAULT_TEXT_PRESETS },
  ] as const;
  for (const { key, required, defaults } of lists) {
    const given = settings?.[key];
    if (!Array.isArray(given)) {
      for (const preset of defaults) ids.add(preset.id);
      continue;
    }
    const here = new Set<string>();
    given.forEach((raw, j) => {
      const id = rec(raw)?.id;
      if (typeof id !== "string") return;
      if (seen.has(id)) walker.add(["generalSettings", key, j, "id"], "duplicate", `preset id ${id} is used twice`);
      seen.add(id);
      here.add(id);
      ids.add(id);
    });
    const missing = required.filter((id) => !here.has(id));
    if (missing.length > 0) {
      walker.add(["generalSettings", key], "missing_preset", `${key} must contain ${required.join(", ")}; missing: ${missing.join(", ")}`);
    }
  }
  return ids;
}

/** Every cross-node rule of a template payload (as received). */
export function checkTemplateRules(raw: unknown): RuleReport {
  const doc = rec(raw) ?? {};
  const presetWalker = new Walker(null);
  const presetIds = checkPresets(presetWalker, rec(doc.generalSettings));
  const walker = new Walker(presetIds);
  walker.report.errors.push(...presetWalker.report.errors);
  list(doc.sections).forEach((section, i) => walker.section(section, ["sections", i], { allowLayoutRef: true }));
  return walker.report;
}

/** The rules for a universal layout's content (one section, at `path`). */
export function checkLayoutRules(raw: unknown, path: Path): RuleReport {
  const walker = new Walker(null);
  walker.section(raw, path, { allowLayoutRef: false });
  return walker.report;
}
