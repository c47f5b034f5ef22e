// The template's style properties as the canvas's inline CSS, so the canvas looks like the email.
import type { CSSProperties } from "react";
import { libraryImageSrc } from "../panels/background-image";
import type { Block, GeneralSettings } from "../state/document";

type Styles = NonNullable<Block["styleProperties"]>;
type PresetList = NonNullable<GeneralSettings["buttonPresets"]>;

const PASS_THROUGH = [
  "backgroundColor",
  "border",
  "borderRadius",
  "fontFamily",
  "fontSize",
  "fontWeight",
  "fontStyle",
  "color",
  "textDecoration",
  "lineHeight",
  "letterSpacing",
  "padding",
  "paddingLeft",
  "paddingRight",
  "paddingTop",
  "paddingBottom",
  "backgroundPosition",
  "backgroundRepeat",
] as const;

export function toCss(styles: Partial<Styles> | undefined): CSSProperties {
  if (!styles) return {};
  const css: Record<string, string> = {};
  for (const key of PASS_THROUGH) {
    const value = (styles as Record<string, string | undefined>)[key];
    if (value !== undefined && value !== "") css[key] = value;
  }
  if (styles.alignment) css.textAlign = styles.alignment;
  if (styles.verticalAlign) css.verticalAlign = styles.verticalAlign;
  // Links inside take the nearest link colour (a custom property inherits down the canvas tree).
  if (styles.linkColor) css["--ed-link"] = styles.linkColor;
  if (styles.textBackgroundColor) css["--ed-text-bg"] = styles.textBackgroundColor;
  const image = libraryImageSrc(styles) ?? styles.backgroundImage;
  if (image) {
    css.backgroundImage = `url("${image.replace(/["\\\n]/g, "")}")`;
    css.backgroundSize = styles.backgroundSize ?? "cover";
  }
  return css as CSSProperties;
}

export function presetStyles(presets: readonly { id: string; styles: object }[], id: string | undefined): Partial<Styles> | undefined {
  if (!id) return undefined;
  return presets.find((p) => p.id === id)?.styles as Partial<Styles> | undefined;
}

export type Presets = { buttonPresets: PresetList; textPresets: PresetList };
