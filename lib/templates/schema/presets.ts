// Presets: named, reusable styles referenced by blocks through stylePresetID.
import { z } from "zod";
import { ButtonStyle, TextStyle } from "./styles";

export const REQUIRED_BUTTON_PRESETS = ["primary_button", "secondary_button", "tertiary_button"] as const;
export const REQUIRED_TEXT_PRESETS = ["heading_large", "heading_medium", "heading_small", "paragraph", "footnote"] as const;

const PresetId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "must be 1-64 characters of A-Z, a-z, 0-9, _ and -")
  .meta({ description: "Preset id, unique among the template's presets; referenced by blocks' stylePresetID" });
const PresetName = z.string().min(1).max(100);

export const ButtonPreset = z
  .strictObject({ id: PresetId, name: PresetName, styles: ButtonStyle })
  .meta({ id: "ButtonPreset", description: "Button preset for consistent design" });
export type ButtonPreset = z.infer<typeof ButtonPreset>;
export const TextPreset = z
  .strictObject({ id: PresetId, name: PresetName, styles: TextStyle })
  .meta({ id: "TextPreset", description: "Text preset for consistent typography" });
export type TextPreset = z.infer<typeof TextPreset>;
/** Either kind: their styles share one shape. */
export type Preset = ButtonPreset | TextPreset;

export const ButtonPresets = z
  .array(ButtonPreset)
  .max(50)
  .meta({
    description: `Button presets; when given, must contain ${REQUIRED_BUTTON_PRESETS.join(", ")} (custom presets may be added). Omitted: the defaults apply.`,
  });
export const TextPresets = z
  .array(TextPreset)
  .max(50)
  .meta({
    description: `Text presets; when given, must contain ${REQUIRED_TEXT_PRESETS.join(", ")} (custom presets may be added). Omitted: the defaults apply.`,
  });
