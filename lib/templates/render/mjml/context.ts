// What every MJML builder function needs: the tokenizer, the settings in force and the recipient's shape.
import type { GeneralSettings, Preset } from "@/lib/templates/schema";
import type { Shape } from "../shape";
import type { TagContext, Tokenizer } from "../tokens";

export type BuildContext = {
  tokens: Tokenizer;
  settings: GeneralSettings;
  buttonPresets: readonly Preset[];
  textPresets: readonly Preset[];
  contentWidth: number;
  shape: Shape;
  /** CSS of htmlCode blocks and link colours, collected for the head */
  css: string[];
  /** The class giving links inside a node this colour (its rule is added to `css` once). */
  linkClass: (color: string) => string;
  /** The class painting a column's background image (CSS declarations; its rule is added to `css` once). */
  backgroundClass: (declarations: string) => string;
};

/** A class per distinct value, its rule recorded once in `css`. */
function ruleClasses(css: string[], prefix: string, rule: (cls: string, value: string) => string): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    let cls = known.get(value);
    if (!cls) {
      cls = `${prefix}${known.size}`;
      known.set(value, cls);
      css.push(rule(cls, value));
    }
    return cls;
  };
}

/** A linkClass that records one rule per colour in `css`. */
export function linkClasses(css: string[]): (color: string) => string {
  // Colours are validated CSS colours (schema), so they cannot end the rule.
  return ruleClasses(css, "ink-lc", (cls, color) => `.${cls} a{color:${color}!important}`);
}

/** A backgroundClass recording one rule per background in `css` (URLs are percent-encoded where they could end it). */
export function backgroundClasses(css: string[]): (declarations: string) => string {
  return ruleClasses(css, "ink-bg", (cls, declarations) => `.${cls}{${declarations}}`);
}

/** Where a node sits: its JSON pointer (for warnings) and the tag scope. */
export type NodeContext = TagContext & {
  columnWidth: number;
  /** set on a product block that shows a product: where its values are read, and whether it has an image */
  product?: { prefix: string; image: boolean };
};

export function presetById(presets: readonly Preset[], id: string | undefined): Preset | undefined {
  return id ? presets.find((p) => p.id === id) : undefined;
}
