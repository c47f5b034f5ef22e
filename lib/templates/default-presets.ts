// The presets a template uses when its generalSettings carry none. The validator, the renderer and the
// editor all take them from here.
import type { Preset } from "./schema/presets";

const button = (id: string, name: string, backgroundColor: string, color: string, border: string): Preset => ({
  id,
  name,
  styles: {
    backgroundColor,
    color,
    border,
    borderRadius: "4px",
    fontFamily: "Arial, Helvetica, sans-serif",
    fontSize: "16px",
    fontWeight: "bold",
    textDecoration: "none",
    lineHeight: "120%",
    paddingTop: "12px",
    paddingBottom: "12px",
    paddingLeft: "24px",
    paddingRight: "24px",
  },
});

export const DEFAULT_BUTTON_PRESETS: readonly Preset[] = [
  button("primary_button", "Primary button", "#1a73e8", "#ffffff", "0px solid transparent"),
  button("secondary_button", "Secondary button", "#ffffff", "#1a73e8", "2px solid #1a73e8"),
  button("tertiary_button", "Tertiary button", "transparent", "#1a73e8", "0px solid transparent"),
];

const text = (id: string, name: string, fontSize: string, fontWeight: "bold" | "normal", lineHeight: string): Preset => ({
  id,
  name,
  styles: { fontFamily: "Arial, Helvetica, sans-serif", fontSize, fontWeight, lineHeight, color: "#222222" },
});

export const DEFAULT_TEXT_PRESETS: readonly Preset[] = [
  text("heading_large", "Heading large", "32px", "bold", "120%"),
  text("heading_medium", "Heading medium", "24px", "bold", "130%"),
  text("heading_small", "Heading small", "18px", "bold", "140%"),
  text("paragraph", "Paragraph", "16px", "normal", "150%"),
  text("footnote", "Footnote", "12px", "normal", "150%"),
];

/** The presets in force for a template: its own lists, or the defaults for a list it omits. */
export function effectivePresets(settings: { buttonPresets?: readonly Preset[]; textPresets?: readonly Preset[] } | undefined) {
  return {
    buttonPresets: settings?.buttonPresets ?? DEFAULT_BUTTON_PRESETS,
    textPresets: settings?.textPresets ?? DEFAULT_TEXT_PRESETS,
  };
}
