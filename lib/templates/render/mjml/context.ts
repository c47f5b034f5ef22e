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
};

/** A linkClass that records one rule per colour in `css`. */
export function linkClasses(css: string[]): (color: string) => string {
  const known = new Map<string, string>();
  return (color) => {
    let cls = known.get(color);
    if (!cls) {
      cls = `ink-lc${known.size}`;
      known.set(color, cls);
      // Colours are validated CSS colours (schema), so they cannot end the rule.
      css.push(`.${cls} a{color:${color}!important}`);
    }
    return cls;
  };
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
